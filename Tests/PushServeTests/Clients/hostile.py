"""Hostile clients for `pushsim serve` (issue 46, item 9). Each command prints one JSON object:
what the hostile client managed, and whether an ordinary request on another connection was
answered meanwhile ("other": its status, 0 when it got none).

Usage: hostile.py COMMAND PORT [N]
"""
import json
import socket
import struct
import sys
import time

PORT = int(sys.argv[2])
N = int(sys.argv[3]) if len(sys.argv) > 3 else 0
PREFACE = b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"


def other():
    """An ordinary request (the API's device list over HTTP/1.1): its status, 0 for none."""
    try:
        with socket.create_connection(("127.0.0.1", PORT), timeout=5) as sock:
            sock.sendall(b"GET /pushsim/v1/devices HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            data = b""
            while True:
                chunk = sock.recv(65536)
                if not chunk:
                    break
                data += chunk
            return int(data.split(b" ")[1]) if data.startswith(b"HTTP/1.1 ") else 0
    except OSError:
        return 0


def frame(kind, flags, stream, payload):
    return struct.pack(">I", len(payload))[1:] + bytes([kind, flags]) + struct.pack(">I", stream) + payload


def literal(name, value):
    """An HPACK literal header field without indexing, new name (RFC 7541 §6.2.2)."""
    def string(text):
        assert len(text) < 127
        return bytes([len(text)]) + text
    return b"\x00" + string(name) + string(value)


def closed_by_server(sock):
    try:
        sock.settimeout(0.01)
        return sock.recv(65536) == b""
    except socket.timeout:
        return False
    except OSError:
        return True


def slowloris():
    """A request head sent a byte every 50 ms: how long the server waits for it."""
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    head = b"POST /3/device/aaaa HTTP/1.1\r\nHost: x\r\n" + b"X-Slow: " + b"a" * 10000
    start = time.time()
    sent = 0
    status = None
    for byte in head:
        try:
            sock.sendall(bytes([byte]))
        except OSError:
            break
        sent += 1
        if closed_by_server(sock):
            break
        if sent == 5:
            status = other()
        time.sleep(0.05)
    print(json.dumps({"seconds": round(time.time() - start, 2), "sent": sent, "other": status}))


def idle():
    """N connections that never send a byte, then an ordinary request."""
    idle = [socket.create_connection(("127.0.0.1", PORT), timeout=5) for _ in range(N)]
    start = time.time()
    status = other()
    closed = sum(1 for sock in idle if closed_by_server(sock))
    print(json.dumps({"other": status, "seconds": round(time.time() - start, 2),
                      "closedIdle": closed}))


def h2_connection():
    sock = socket.create_connection(("127.0.0.1", PORT), timeout=5)
    sock.sendall(PREFACE + frame(4, 0, 0, b""))
    return sock


def drain_until_closed(sock, seconds):
    """Reads what the server sends for `seconds`: whether it closed, and GOAWAY/RST codes seen."""
    deadline = time.time() + seconds
    data = b""
    closed = False
    while time.time() < deadline:
        sock.settimeout(max(0.01, deadline - time.time()))
        try:
            chunk = sock.recv(65536)
        except socket.timeout:
            break
        except OSError:
            closed = True
            break
        if not chunk:
            closed = True
            break
        data += chunk
    kinds = []
    offset = 0
    while offset + 9 <= len(data):
        length = int.from_bytes(data[offset:offset + 3], "big")
        kinds.append(data[offset + 3])
        offset += 9 + length
    return closed, kinds


def header_flood():
    """One HEADERS block of N KiB of header fields (over the 16 KiB limit)."""
    sock = h2_connection()
    block = literal(b":method", b"POST") + literal(b":scheme", b"http") + literal(
        b":path", b"/3/device/aa") + literal(b":authority", b"x")
    for index in range(N):
        block += literal(b"x-flood-%05d" % index, b"v" * 100) * 9
    sent = 0
    try:
        for offset in range(0, len(block), 16384):
            chunk = block[offset:offset + 16384]
            last = offset + 16384 >= len(block)
            kind = 1 if offset == 0 else 9
            flags = 0x4 if last else 0
            sock.sendall(frame(kind, flags, 1, chunk))
            sent += len(chunk)
    except OSError:
        pass
    closed, kinds = drain_until_closed(sock, 3)
    print(json.dumps({"sent": sent, "closed": closed, "rstStream": 3 in kinds, "goaway": 7 in kinds,
                      "other": other()}))


def continuation_flood():
    """HEADERS without END_HEADERS, then up to N CONTINUATION frames that never end it."""
    sock = h2_connection()
    sock.sendall(frame(1, 0, 1, literal(b":method", b"POST")))
    start = time.time()
    sent = 0
    closed = False
    for index in range(N):
        try:
            sock.sendall(frame(9, 0, 1, literal(b"x-c", b"%06d" % index) * 40))
        except OSError:
            closed = True
            break
        sent += 1
        if sent % 100 == 0 and closed_by_server(sock):
            closed = True
            break
    if not closed:
        closed, _ = drain_until_closed(sock, 3)
    print(json.dumps({"frames": sent, "closed": closed, "seconds": round(time.time() - start, 2),
                      "other": other()}))


def never_reads():
    """N pipelined requests whose answers are never read (a tiny receive buffer)."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect(("127.0.0.1", PORT))
    request = b"GET /pushsim/v1/devices HTTP/1.1\r\nHost: x\r\n\r\n"
    start = time.time()
    sock.settimeout(20)
    sent = 0
    closed = False
    try:
        for _ in range(N):
            sock.sendall(request)
            sent += 1
    except OSError:
        closed = True
    status = other()
    if not closed:
        # The server stops reading while its writes wait; then it closes the connection.
        deadline = time.time() + 20
        while time.time() < deadline:
            try:
                sock.sendall(request)
            except OSError:
                closed = True
                break
            time.sleep(0.05)
    print(json.dumps({"sent": sent, "closed": closed, "seconds": round(time.time() - start, 2),
                      "other": status}))


{"slowloris": slowloris, "idle": idle, "headers": header_flood,
 "continuation": continuation_flood, "noread": never_reads}[sys.argv[1]]()
