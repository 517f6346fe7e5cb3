#!/usr/bin/env python3
"""A media server for PushSim's HTTPFetcher tests: standard library only, loopback only.

Usage: media_server.py MEDIA_FOLDER [--ipv6] [--tls CERT_FILE KEY_FILE]
Listens on 127.0.0.1 (with --ipv6: on ::1) on a free port, prints "PORT <n>" on stdout, and serves until its stdin
closes (so it ends with the test process that started it, however that ends). With --tls it serves
the same routes over https too, on a second free port of the same address, with the given
certificate and key, and prints "PORT <n> TLS <m>"; /sent/<id> answers on either port for
requests made on both.

Routes (each one behaviour the tests check):
  /media/<name>            a file from MEDIA_FOLDER with its own Content-Type and Content-Length
  /status/<code>           an empty answer with that status
  /trickle.jpg             JPEG header, then one byte every 100 ms for a minute
  /big.jpg                 11 MiB announced by Content-Length (image/jpeg)
  /big-stream.jpg          11 MiB chunked, no Content-Length (image/jpeg)
  /endless.jpg             a JPEG header, then zeros for ever (64 KiB per 10 ms), chunked
  /html-as-jpeg.jpg        an HTML page served as image/jpeg
  /png-bytes.jpg           PNG bytes served as image/jpeg
  /png-bytes-typed.jpg     PNG bytes served as image/png
  /octet.bin               PNG bytes served as application/octet-stream
  /page.html               an HTML page served as text/html
  /redirect/<n>            n redirects in a row, then /media/tiny.jpg
  /redirect-to?url=<url>   a redirect to <url> (percent-encoded); &status=<code> for another
                           status than 302
  /echo-headers            the request's Authorization, Cookie, Proxy-Authorization and X-Other
                           header fields, as JSON (null when absent)
  /held/<status>           an empty answer (Content-Length: 0 for 200, no length for 204 and
                           304; a HEAD gets Content-Length: 17), then the connection is held
                           open until the client closes it or sends another request on it
  /head-of/<n>             tiny.jpg after a response head of exactly n bytes (a padding field)
  /bad-head/<kind>         tiny.jpg after a head with a NUL in a field value (nul-value), a
                           bare CR in one (cr-value) or a control byte in a field name
                           (control-name)
  /to-localhost            a redirect to http://localhost:<port>/media/tiny.jpg
  /to-file                 a redirect to file:///etc/passwd
  /to-data                 a redirect to a data: URL
  /close-mid-body.jpg      chunked JPEG, connection closed in the middle of a chunk
  /short.jpg               Content-Length 5000, 1000 bytes sent, connection closed
  /huge-length.jpg         Content-Length 99999999999999999999 (over Int64), then a trickle
  /gzip-bomb.jpg           Content-Encoding gzip: about 20 KiB that decode to a 20 MiB JPEG
  /gzip-tiny.jpg           Content-Encoding gzip: tiny.jpg and noise, longer encoded than decoded
  /fast-endless.jpg        a JPEG header, then zeros for ever as fast as the socket takes them, chunked
  /fast-close.jpg          the same without Content-Length or chunking: the body ends at close
  /gzip-endless.jpg        Content-Encoding gzip, no length: a JPEG header, then zeros for ever,
                           compressed as they are sent (about 1 KiB on the wire per MiB decoded)
  /gzip-empty-blocks.jpg   Content-Encoding gzip: empty deflate blocks for ever (nothing decodes)
  /sent/<id>               after the request made with ?id=<id> ended: the body bytes its
                           connection managed to send (every successful send() counted,
                           headers included), as decimal text; waits up to 60 s for that
                           connection to end, else answers 504

Every connection counts the bytes its socket accepted, so a test can measure what a hostile
server managed to send before the client closed the connection. Bytes the kernel accepted
but the client never read (socket buffers on both sides) count as sent.
"""

import gzip
import json
import os
import random
import socket
import ssl
import sys
import threading
import time
import urllib.parse
import zlib
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MEDIA = sys.argv[1] if len(sys.argv) > 1 else "."
TYPES = {
    ".jpg": "image/jpeg", ".png": "image/png", ".gif": "image/gif", ".mp3": "audio/mpeg",
    ".wav": "audio/wav", ".aiff": "audio/aiff", ".html": "text/html",
}
MIB = 1 << 20
SENT = {}
SENT_LOCK = threading.Condition()


def media(name):
    with open(os.path.join(MEDIA, name), "rb") as f:
        return f.read()


def jpeg_filler(size):
    head = media("tiny.jpg")[:-2]
    return head + b"\x00" * (size - len(head))


class CountingWriter:
    """The handler's output: every byte a send() call accepted is counted."""

    def __init__(self, connection):
        self.connection = connection
        self.sent = 0
        self.closed = False

    def write(self, data):
        view = memoryview(data)
        while view:
            n = self.connection.send(view)
            self.sent += n
            view = view[n:]
        return len(data)

    def flush(self):
        pass

    def close(self):
        self.closed = True


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def setup(self):
        super().setup()
        # A client that stops reading without closing ends the handler after 20 s.
        self.connection.settimeout(20)
        self.wfile = CountingWriter(self.connection)

    def finish(self):
        try:
            super().finish()
        finally:
            ident = getattr(self, "ident", None)
            if ident:
                with SENT_LOCK:
                    SENT[ident] = self.wfile.sent
                    SENT_LOCK.notify_all()

    def log_message(self, *args):
        pass

    def head(self, status, content_type=None, length=None, extra=()):
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        for name, value in extra:
            self.send_header(name, value)
        self.send_header("Connection", "close")
        self.end_headers()

    def body(self, content_type, data):
        self.head(200, content_type, len(data))
        self.wfile.write(data)

    def encoded(self, content_type, data):
        self.head(200, content_type, len(data), extra=[("Content-Encoding", "gzip")])
        self.wfile.write(data)

    def redirect(self, location):
        self.head(302, length=0, extra=[("Location", location)])

    def chunk(self, data):
        self.wfile.write(b"%x\r\n" % len(data) + data + b"\r\n")

    def do_GET(self):
        path, _, query = self.path.partition("?")
        port = self.server.server_address[1]
        for item in query.split("&"):
            if item.startswith("id="):
                self.ident = item[3:]
        try:
            if path.startswith("/media/"):
                name = os.path.basename(path)
                self.body(TYPES.get(os.path.splitext(name)[1], "application/octet-stream"),
                          media(name))
            elif path == "/api/message":
                message = json.dumps({"text": "Hola from the API", "unread": 3}).encode()
                self.body("application/json", message)
            elif path == "/api/missing":
                problem = b'{"error": "no such message"}'
                self.head(404, "application/json", len(problem))
                self.wfile.write(problem)
            elif path.startswith("/status/"):
                self.head(int(path.rsplit("/", 1)[1]), "text/plain", 0)
            elif path == "/trickle.jpg":
                self.head(200, "image/jpeg", 100000)
                self.wfile.write(media("tiny.jpg")[:20])
                self.wfile.flush()
                for _ in range(600):
                    time.sleep(0.1)
                    self.wfile.write(b"\x00")
                    self.wfile.flush()
            elif path == "/huge-length.jpg":
                self.head(200, "image/jpeg", "99999999999999999999")
                self.wfile.write(media("tiny.jpg")[:20])
                self.wfile.flush()
                for _ in range(600):
                    time.sleep(0.1)
                    self.wfile.write(b"\x00")
                    self.wfile.flush()
            elif path == "/big.jpg":
                data = jpeg_filler(11 * MIB)
                self.body("image/jpeg", data)
            elif path == "/big-stream.jpg":
                self.head(200, "image/jpeg", extra=[("Transfer-Encoding", "chunked")])
                data = jpeg_filler(11 * MIB)
                for start in range(0, len(data), 64 * 1024):
                    self.chunk(data[start:start + 64 * 1024])
                self.wfile.write(b"0\r\n\r\n")
            elif path == "/endless.jpg":
                self.head(200, "image/jpeg", extra=[("Transfer-Encoding", "chunked")])
                self.chunk(media("tiny.jpg")[:20])
                block = b"\x00" * (64 * 1024)
                while True:  # paced, so the test measures the cut, not the machine
                    self.chunk(block)
                    time.sleep(0.01)
            elif path == "/fast-endless.jpg":
                self.head(200, "image/jpeg", extra=[("Transfer-Encoding", "chunked")])
                self.chunk(media("tiny.jpg")[:20])
                block = b"%x\r\n" % (256 * 1024) + b"\x00" * (256 * 1024) + b"\r\n"
                while True:
                    self.wfile.write(block)
            elif path == "/fast-close.jpg":
                self.head(200, "image/jpeg")
                self.wfile.write(media("tiny.jpg")[:20])
                block = b"\x00" * (256 * 1024)
                while True:
                    self.wfile.write(block)
            elif path == "/gzip-endless.jpg":
                self.head(200, "image/jpeg", extra=[("Content-Encoding", "gzip")])
                compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
                self.wfile.write(compressor.compress(media("tiny.jpg")[:20]))
                block = b"\x00" * MIB
                while True:
                    self.wfile.write(compressor.compress(block)
                                     + compressor.flush(zlib.Z_SYNC_FLUSH))
            elif path == "/gzip-empty-blocks.jpg":
                self.head(200, "image/jpeg", extra=[("Content-Encoding", "gzip")])
                # gzip header, then stored blocks of length 0 (not final) for ever.
                self.wfile.write(b"\x1f\x8b\x08\x00\x00\x00\x00\x00\x02\xff")
                block = b"\x00\x00\x00\xff\xff" * 4096
                while True:
                    self.wfile.write(block)
            elif path.startswith("/sent/"):
                ident = path.rsplit("/", 1)[1]
                with SENT_LOCK:
                    ended = SENT_LOCK.wait_for(lambda: ident in SENT, timeout=60)
                    count = SENT.get(ident)
                if ended:
                    self.body("text/plain", b"%d" % count)
                else:
                    self.head(504, "text/plain", 0)
            elif path == "/html-as-jpeg.jpg":
                self.body("image/jpeg", media("not-media.html"))
            elif path == "/png-bytes.jpg":
                self.body("image/jpeg", media("tiny.png"))
            elif path == "/png-bytes-typed.jpg":
                self.body("image/png", media("tiny.png"))
            elif path == "/octet.bin":
                self.body("application/octet-stream", media("tiny.png"))
            elif path == "/page.html":
                self.body("text/html; charset=utf-8", media("not-media.html"))
            elif path.startswith("/redirect/"):
                left = int(path.rsplit("/", 1)[1])
                self.redirect("/redirect/%d" % (left - 1) if left > 1 else "/media/tiny.jpg")
            elif path == "/redirect-to":
                fields = urllib.parse.parse_qs(query)
                target = fields.get("url", ["/"])[0]
                status = int(fields.get("status", ["302"])[0])
                self.head(status, length=0, extra=[("Location", target)])
            elif path == "/echo-headers":
                echo = json.dumps({
                    "authorization": self.headers.get("Authorization"),
                    "cookie": self.headers.get("Cookie"),
                    "proxyAuthorization": self.headers.get("Proxy-Authorization"),
                    "other": self.headers.get("X-Other"),
                }).encode()
                self.body("application/json", echo)
            elif path.startswith("/held/"):
                status = int(path.rsplit("/", 1)[1])
                length = b"Content-Length: 0\r\n" if status == 200 else b""
                self.raw(b"HTTP/1.1 %d Held\r\n" % status + length + b"\r\n")
                self.hold()
            elif path.startswith("/head-of/"):
                size = int(path.rsplit("/", 1)[1])
                data = media("tiny.jpg")
                start = b"HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\n"
                start += b"Content-Length: %d\r\nConnection: close\r\nX-Pad: " % len(data)
                padding = size - len(start) - len(b"\r\n\r\n")
                self.raw(start + b"a" * padding + b"\r\n\r\n" + data)
            elif path.startswith("/bad-head/"):
                field = {
                    "nul-value": b"X-Note: a\x00b", "cr-value": b"X-Note: a\rb",
                    "control-name": b"X-\x01Note: b",
                }[path.rsplit("/", 1)[1]]
                data = media("tiny.jpg")
                self.raw(b"HTTP/1.1 200 OK\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n"
                         % len(data) + field + b"\r\nConnection: close\r\n\r\n" + data)
            elif path == "/to-localhost":
                self.redirect("http://localhost:%d/media/tiny.jpg" % port)
            elif path == "/to-file":
                self.redirect("file:///etc/passwd")
            elif path == "/to-data":
                self.redirect("data:image/png;base64,iVBORw0KGgo=")
            elif path == "/close-mid-body.jpg":
                self.head(200, "image/jpeg", extra=[("Transfer-Encoding", "chunked")])
                data = media("tiny.jpg")
                self.wfile.write(b"%x\r\n" % 4096 + data)
                self.wfile.flush()
                self.close_hard()
            elif path == "/gzip-bomb.jpg":
                # 20 MiB of JPEG when decoded, about 20 KiB on the wire.
                self.encoded("image/jpeg", gzip.compress(jpeg_filler(20 * MIB), 9))
            elif path == "/gzip-tiny.jpg":
                # Incompressible: the encoded body is longer than the decoded one.
                noise = random.Random(14).randbytes(2000)
                self.encoded("image/jpeg", gzip.compress(media("tiny.jpg")[:20] + noise, 9))
            elif path == "/short.jpg":
                self.head(200, "image/jpeg", 5000)
                self.wfile.write(jpeg_filler(1000))
                self.wfile.flush()
                self.close_hard()
            elif path.startswith("/chunk-size/"):
                # A chunked body whose first chunk-size line is the path's last part, as sent.
                self.head(200, "image/jpeg", extra=[("Transfer-Encoding", "chunked")])
                size = path.rsplit("/", 1)[1].encode()
                self.wfile.write(size + b"\r\n" + media("tiny.jpg") + b"\r\n0\r\n\r\n")
            elif path.startswith("/content-length/"):
                # A body whose Content-Length is the path's last part, as sent.
                self.head(200, "image/jpeg", path.rsplit("/", 1)[1])
                self.wfile.write(media("tiny.jpg"))
            else:
                self.head(404, "text/plain", 0)
        except (BrokenPipeError, ConnectionResetError, TimeoutError):
            pass

    def do_POST(self):
        """Echoes an app's request as JSON: method, path, body, Content-Type and Authorization;
        /echo-303 answers with a 303 to /api/message instead."""
        length = int(self.headers.get("Content-Length") or 0)
        data = self.rfile.read(length) if length > 0 else b""
        if self.path == "/echo-303":
            self.head(303, length=0, extra=[("Location", "/api/message")])
            return
        echo = json.dumps({
            "method": self.command, "path": self.path, "body": data.decode("utf-8", "replace"),
            "contentType": self.headers.get("Content-Type"),
            "authorization": self.headers.get("Authorization"),
        }).encode()
        self.head(201, "application/json", len(echo), extra=[("X-Echo", "yes")])
        self.wfile.write(echo)

    do_PUT = do_POST

    def do_HEAD(self):
        if self.path.startswith("/held/"):
            self.raw(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     b"Content-Length: 17\r\n\r\n")
            self.hold()
            return
        self.head(200, "application/json", 17)

    def raw(self, data):
        """Sends `data` as it is: a head written byte for byte."""
        self.close_connection = True
        self.wfile.write(data)

    def hold(self):
        """Keeps the connection open until the client closes it (or 20 s pass). A client that
        sends another request on it (libcurl keeps a complete answer's connection for reuse)
        sees it closed with no answer, as a server that timed the connection out, and retries
        on a new one; reading and dropping that request made it wait out its budget."""
        try:
            self.connection.recv(1024)
        except OSError:
            pass
        self.close_hard()

    def close_hard(self):
        self.close_connection = True
        try:
            self.connection.shutdown(2)
        except OSError:
            pass


class IPv6Server(ThreadingHTTPServer):
    address_family = socket.AF_INET6


class TLSServer(ThreadingHTTPServer):
    """The same handler behind TLS; the handshake runs on the connection's own thread, so a
    client that never completes it holds up no one else."""

    context = None

    def finish_request(self, request, client_address):
        request.settimeout(20)
        try:
            connection = self.context.wrap_socket(request, server_side=True)
        except (ssl.SSLError, OSError):
            return  # a client that refused the certificate, or spoke no TLS
        try:
            self.RequestHandlerClass(connection, client_address, self)
        finally:
            connection.close()

    def handle_error(self, request, client_address):
        pass


class TLSIPv6Server(TLSServer):
    address_family = socket.AF_INET6


def start(server):
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def main():
    options = sys.argv[2:]
    servers = []
    if "--ipv6" in options:
        servers.append(start(IPv6Server(("::1", 0), Handler)))
    else:
        servers.append(start(ThreadingHTTPServer(("127.0.0.1", 0), Handler)))
    line = "PORT %d" % servers[0].server_address[1]
    if "--tls" in options:
        at = options.index("--tls")
        context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        context.load_cert_chain(options[at + 1], options[at + 2])
        TLSServer.context = context
        if "--ipv6" in options:
            servers.append(start(TLSIPv6Server(("::1", 0), Handler)))
        else:
            servers.append(start(TLSServer(("127.0.0.1", 0), Handler)))
        line += " TLS %d" % servers[1].server_address[1]
    print(line, flush=True)
    try:
        while sys.stdin.buffer.read(1024):
            pass
    except KeyboardInterrupt:
        pass
    for server in servers:
        server.shutdown()


if __name__ == "__main__":
    main()
