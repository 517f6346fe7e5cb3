"""A raw-frame HTTP/2 client (python `h2`, sans-IO) for `pushsim serve`'s connection rules and
hostile cases. Each command prints one JSON object: what the server sent, frame by frame.

Usage: h2_frames.py COMMAND PORT [ARGS...]   (h2c on 127.0.0.1)
"""
import collections
import json
import socket
import sys
import time

import h2.config
import h2.connection
import h2.events
import h2.settings

TOKEN = sys.argv[3] if len(sys.argv) > 3 else ""


def connect(port, timeout=10):
    sock = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    config = h2.config.H2Configuration(client_side=True, header_encoding="utf-8")
    conn = h2.connection.H2Connection(config=config)
    conn.initiate_connection()
    sock.sendall(conn.data_to_send())
    return sock, conn


def headers(path, jwt, topic="com.example.chat"):
    fields = [(":method", "POST"), (":scheme", "http"), (":authority", "localhost"),
              (":path", path), ("apns-topic", topic), ("apns-push-type", "alert")]
    if jwt:
        fields.append(("authorization", "bearer " + jwt))
    return fields


def new_state():
    return {"responses": {}, "resets": {}, "goaway": None, "settings": [], "pings": [],
            "closed": False}


def pump(sock, conn, until, timeout=10, state=None):
    """Reads frames until `until(state)` is true, the connection closes or `timeout` passes."""
    state = state if state is not None else new_state()
    deadline = time.time() + timeout
    while not until(state) and time.time() < deadline:
        sock.settimeout(max(0.05, deadline - time.time()))
        try:
            data = sock.recv(65536)
        except socket.timeout:
            break
        except OSError:
            state["closed"] = True
            break
        if not data:
            state["closed"] = True
            break
        for event in conn.receive_data(data):
            if isinstance(event, h2.events.ResponseReceived):
                state["responses"].setdefault(event.stream_id, {})["status"] = int(
                    dict(event.headers)[":status"])
            elif isinstance(event, h2.events.DataReceived):
                entry = state["responses"].setdefault(event.stream_id, {})
                entry["body"] = entry.get("body", "") + event.data.decode()
                conn.acknowledge_received_data(event.flow_controlled_length, event.stream_id)
            elif isinstance(event, h2.events.StreamEnded):
                state["responses"].setdefault(event.stream_id, {})["ended"] = True
            elif isinstance(event, h2.events.StreamReset):
                state["resets"][event.stream_id] = int(event.error_code)
            elif isinstance(event, h2.events.ConnectionTerminated):
                state["goaway"] = {"error": int(event.error_code),
                                   "last": event.last_stream_id,
                                   "debug": (event.additional_data or b"").decode()}
            elif isinstance(event, h2.events.RemoteSettingsChanged):
                changed = event.changed_settings.get(h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS)
                if changed is not None:
                    state["settings"].append(changed.new_value)
            elif isinstance(event, h2.events.PingAckReceived):
                state["pings"].append(event.ping_data.decode())
        try:
            sock.sendall(conn.data_to_send())
        except OSError:
            state["closed"] = True
            break
    return state


BODY = b'{"aps":{"alert":"Hola"}}'


def send(conn, stream, path, jwt):
    conn.send_headers(stream, headers(path, jwt))
    conn.send_data(stream, BODY, end_stream=True)


def ended(ids):
    return lambda s: all(s["responses"].get(i, {}).get("ended") or i in s["resets"] for i in ids)


def result(state):
    state["responses"] = {str(k): v for k, v in state["responses"].items()}
    state["resets"] = {str(k): v for k, v in state["resets"].items()}
    print(json.dumps(state, sort_keys=True))


def lift(conn):
    """Lifts the client's own check of the server's stream limit (to test the server's)."""
    conn.remote_settings._settings[h2.settings.SettingCodes.MAX_CONCURRENT_STREAMS] = (
        collections.deque([100]))


def streams(port, path, jwt, early):
    """`early` streams opened at once before any request is authenticated (past the server's
    limit of one when more than one: the client's own check is lifted), then three at once."""
    sock, conn = connect(port)
    first = pump(sock, conn, lambda s: s["settings"], timeout=5)
    lift(conn)
    ids = [1 + 2 * index for index in range(early)]
    for stream in ids:
        send(conn, stream, path, jwt)
    sock.sendall(conn.data_to_send())
    before = pump(sock, conn, ended(ids))
    before["settings"] = first["settings"] + before["settings"]
    if before["goaway"] is not None or before["closed"]:
        result(before)
        return
    lift(conn)
    more = [ids[-1] + 2 * index for index in range(1, 4)]
    for stream in more:
        send(conn, stream, path, jwt)
    sock.sendall(conn.data_to_send())
    pump(sock, conn, ended(more), state=before)
    result(before)


def updates(port, path, first, second):
    """A request with `first`, one with `second`, one with `first` again, on one connection."""
    sock, conn = connect(port)
    state = new_state()
    for stream, jwt in ((1, first), (3, second), (5, first)):
        send(conn, stream, path, jwt)
        sock.sendall(conn.data_to_send())
        pump(sock, conn, ended([stream]), state=state)
    result(state)


def shutdown(port, path, jwt):
    """One request, then `{"goaway": "Shutdown"}` set through the API on another connection;
    then whatever the first connection gets."""
    sock, conn = connect(port)
    state = new_state()
    send(conn, 1, path, jwt)
    sock.sendall(conn.data_to_send())
    pump(sock, conn, ended([1]), state=state)
    body = b'{"goaway": "Shutdown"}'
    with socket.create_connection(("127.0.0.1", port), timeout=10) as api:
        api.sendall(b"PUT /pushsim/v1/faults HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n"
                    + b"Content-Length: " + str(len(body)).encode() + b"\r\n\r\n" + body)
        while api.recv(4096):
            pass
    pump(sock, conn, lambda s: s["goaway"] is not None or s["closed"], state=state)
    result(state)


def hold(port, path, jwt):
    """One request, then whatever the connection gets while the test stops the server."""
    sock, conn = connect(port)
    state = new_state()
    send(conn, 1, path, jwt)
    sock.sendall(conn.data_to_send())
    pump(sock, conn, ended([1]), state=state)
    pump(sock, conn, lambda s: s["goaway"] is not None or s["closed"], timeout=30, state=state)
    result(state)


def ping(port):
    sock, conn = connect(port)
    conn.ping(b"pushsim!")
    sock.sendall(conn.data_to_send())
    result(pump(sock, conn, lambda s: s["pings"]))


def idle(port, seconds):
    sock, conn = connect(port)
    result(pump(sock, conn, lambda s: s["goaway"] is not None or s["closed"],
                timeout=float(seconds)))


def main():
    command, port = sys.argv[1], int(sys.argv[2])
    if command == "streams":
        streams(port, sys.argv[3], sys.argv[4], int(sys.argv[5]))
    elif command == "updates":
        updates(port, sys.argv[3], sys.argv[4], sys.argv[5])
    elif command == "shutdown":
        shutdown(port, sys.argv[3], sys.argv[4])
    elif command == "hold":
        hold(port, sys.argv[3], sys.argv[4])
    elif command == "ping":
        ping(port)
    elif command == "idle":
        idle(port, sys.argv[3])
    else:
        raise SystemExit("unknown command " + command)


main()
