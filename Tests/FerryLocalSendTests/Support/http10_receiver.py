#!/usr/bin/env python3
"""A LocalSend v2 receiver on Python's http.server, as some PyPI implementations are: it answers
HTTP/1.0 and closes the connection after every response (no keep-alive). Written from the public
protocol (localsend/protocol: §3.2 register, §4.1 prepare-upload, §4.2 upload, §4.3 cancel, §6.1
info), over HTTPS with a self-signed certificate made at start (openssl): Ferry sends over HTTPS only.

Usage: http10_receiver.py DIR [--cut-upload-after BYTES] [--alias NAME] [--host H] [--port N]
                          [--http11 [--close]] [--no-length] [--until-killed]
Prints one JSON line, {"port": N, "fingerprint": HEX}, then serves until SIGTERM or stdin closes
(--until-killed: until SIGTERM).
Received files land in DIR/received/NAME; DIR/requests.log gets one line per request:
"CONNECTION-NUMBER METHOD PATH". --cut-upload-after closes an upload's connection, unanswered,
once that many bytes of its body were read (a receiver that dies mid-upload).
"""
import argparse
import hashlib
import http.server
import itertools
import json
import os
import socket
import ssl
import subprocess
import sys
import threading
import urllib.parse
import uuid

PREFIX = "/api/localsend/v2/"


def make_certificate(folder):
    key, cert = os.path.join(folder, "key.pem"), os.path.join(folder, "cert.pem")
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-keyout", key, "-out", cert, "-days", "2", "-subj", "/CN=pyls"],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    with open(cert) as f:
        der = ssl.PEM_cert_to_DER_cert(f.read())
    return key, cert, hashlib.sha256(der).hexdigest()


class Receiver:
    def __init__(self, folder, fingerprint, alias, cut_after):
        self.folder, self.fingerprint, self.alias, self.cut_after = folder, fingerprint, alias, cut_after
        self.sessions = {}  # session id -> {file id: (token, file name, size)}
        self.lock = threading.Lock()
        self.port = 0
        os.makedirs(os.path.join(folder, "received"), exist_ok=True)

    def info(self):
        return {"alias": self.alias, "version": "2.1", "deviceModel": "http.server", "deviceType": "headless",
                "fingerprint": self.fingerprint, "port": self.port, "protocol": "https",
                "download": False}

    def log(self, line):
        with self.lock, open(os.path.join(self.folder, "requests.log"), "a") as f:
            f.write(line + "\n")


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.0"  # the point of this fixture: one response per connection
    receiver = None
    say_close = False
    say_length = True
    connections = itertools.count(1)

    def setup(self):
        super().setup()
        self.number = next(Handler.connections)

    def log_message(self, *args):
        pass

    def answer(self, status, body=None):
        data = json.dumps(body).encode() if body is not None else b""
        self.send_response(status)
        if body is not None:
            self.send_header("Content-Type", "application/json")
        if self.say_length:
            self.send_header("Content-Length", str(len(data)))
        if self.say_close:
            self.send_header("Connection", "close")
        self.end_headers()
        self.wfile.write(data)

    def body(self):
        return self.rfile.read(int(self.headers.get("Content-Length") or 0))

    def route(self):
        url = urllib.parse.urlsplit(self.path)
        self.receiver.log(f"{self.number} {self.command} {url.path}")
        query = dict(urllib.parse.parse_qsl(url.query))
        name = url.path[len(PREFIX):] if url.path.startswith(PREFIX) else None
        return name, query

    def do_GET(self):
        name, _ = self.route()
        if name == "info":
            return self.answer(200, self.receiver.info())
        self.answer(404, {"message": "not found"})

    def do_POST(self):
        name, query = self.route()
        handler = {"register": self.register, "prepare-upload": self.prepare_upload, "upload": self.upload,
                   "cancel": self.cancel}.get(name)
        if handler is None:
            self.body()
            return self.answer(404, {"message": "not found"})
        handler(query)

    def register(self, query):
        json.loads(self.body() or b"{}")
        self.answer(200, self.receiver.info())

    def prepare_upload(self, query):
        request = json.loads(self.body())
        files = {fid: (uuid.uuid4().hex, f["fileName"], int(f["size"])) for fid, f in request["files"].items()}
        session = uuid.uuid4().hex
        with self.receiver.lock:
            self.receiver.sessions[session] = files
        self.answer(200, {"sessionId": session, "files": {fid: entry[0] for fid, entry in files.items()}})

    def upload(self, query):
        with self.receiver.lock:
            entry = self.receiver.sessions.get(query.get("sessionId"), {}).get(query.get("fileId"))
        if entry is None or entry[0] != query.get("token"):
            self.body()
            return self.answer(403, {"message": "Invalid token"})
        _, file_name, size = entry
        length = int(self.headers.get("Content-Length") or 0)
        target = os.path.join(self.receiver.folder, "received", os.path.basename(file_name))
        done = 0
        with open(target + ".part", "wb") as out:
            while done < length:
                if self.receiver.cut_after is not None and done >= self.receiver.cut_after:
                    self.receiver.log(f"{self.number} CUT after {done}")
                    self.connection.shutdown(socket.SHUT_RDWR)
                    self.close_connection = True
                    return
                chunk = self.rfile.read(min(1 << 16, length - done))
                if not chunk:
                    break
                out.write(chunk)
                done += len(chunk)
        if done != length or done != size:
            return self.answer(400, {"message": f"got {done} of {size} bytes"})
        os.rename(target + ".part", target)
        self.answer(200)

    def cancel(self, query):
        self.body()
        with self.receiver.lock:
            self.receiver.sessions.pop(query.get("sessionId"), None)
        self.answer(200)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--port", type=int, default=0)
    parser.add_argument("--cut-upload-after", type=int)
    parser.add_argument("--alias", default="pyls")
    parser.add_argument("--http11", action="store_true", help="answer HTTP/1.1 and keep connections open (the control)")
    parser.add_argument("--close", action="store_true", help="say Connection: close in every answer")
    parser.add_argument("--no-length", action="store_true", help="answers without Content-Length: they end at the close")
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--until-killed", action="store_true", help="serve until SIGTERM, whatever stdin is")
    args = parser.parse_args()
    os.makedirs(args.folder, exist_ok=True)
    key, cert, fingerprint = make_certificate(args.folder)
    receiver = Receiver(args.folder, fingerprint, args.alias, args.cut_upload_after)
    Handler.receiver = receiver
    Handler.say_close = args.close
    Handler.say_length = not args.no_length
    if args.http11:
        Handler.protocol_version = "HTTP/1.1"
    server = http.server.ThreadingHTTPServer((args.host, args.port), Handler)
    server.daemon_threads = True
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(cert, key)
    server.socket = context.wrap_socket(server.socket, server_side=True)
    receiver.port = server.server_address[1]
    print(json.dumps({"port": receiver.port, "fingerprint": fingerprint}), flush=True)
    if args.until_killed:
        server.serve_forever()
    threading.Thread(target=server.serve_forever, daemon=True).start()
    sys.stdin.read()  # the test holds our stdin: its end (or SIGTERM) ends us
    server.shutdown()


if __name__ == "__main__":
    main()
