"""A LAN stranger's floods against ferryd's LocalSend surface (Tests/LAN/localsend,
scenario stranger_floods_are_bounded). No certificate, no PIN. Each mode prints one line.
  idle HOST PORT N                     N plain TCP connections that send nothing, held HOLD s
  stall HOST PORT N LENGTH SENT HOLD   N prepare-uploads announcing LENGTH bytes, SENT sent, held HOLD s
  announce GROUP PORT N NAMED          N multicast announcements, fresh fingerprints, naming port NAMED
  register HOST PORT N                 N POST /register with fresh fingerprints
  victim ADDRESS PORT SECONDS          counts TCP connections made to ADDRESS:PORT for SECONDS, by source
"""
import json, os, socket, ssl, sys, time


def tls(host, port):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context.wrap_socket(socket.create_connection((host, port), timeout=10), server_hostname="x")


def info(n, port=53317):
    return {"alias": "flood-%d" % n, "version": "2.1", "deviceModel": None, "deviceType": "mobile",
            "fingerprint": os.urandom(32).hex(), "port": port, "protocol": "https", "download": False}


def hold(socks, seconds):
    time.sleep(seconds)
    open_ = 0
    for s in socks:
        s.setblocking(False)
        try:
            open_ += 1 if s.recv(1) != b"" else 0
        except BlockingIOError:
            open_ += 1
        except OSError:
            pass
    return open_


def idle(host, port, n, seconds):
    socks = []
    for _ in range(n):
        try:
            socks.append(socket.create_connection((host, port), timeout=5))
        except OSError:
            break
    print(json.dumps({"made": len(socks), "open": hold(socks, seconds)}), flush=True)


def stall(host, port, n, length, sent, seconds):
    socks, refused = [], 0
    head = ("POST /api/localsend/v2/prepare-upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Content-Length: %d\r\n\r\n" % length).encode()
    body = b"{" + b" " * (sent - 1)
    for _ in range(n):
        try:
            s = tls(host, port)
            s.sendall(head)
            s.sendall(body)
            socks.append(s)
        except OSError:
            refused += 1
    print(json.dumps({"made": len(socks), "refused": refused, "open": hold(socks, seconds)}), flush=True)


def announce(group, port, n, named):
    s = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    s.setsockopt(socket.IPPROTO_IP, socket.IP_MULTICAST_TTL, 1)
    for i in range(n):
        message = info(i, named)
        message["announce"] = True
        s.sendto(json.dumps(message).encode(), (group, port))
        if i % 200 == 199:
            time.sleep(0.05)
    print(json.dumps({"sent": n}), flush=True)


def register(host, port, n):
    ok = 0
    for i in range(n):
        try:
            s = tls(host, port)
            body = json.dumps(info(i)).encode()
            s.sendall(("POST /api/localsend/v2/register HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                       "Content-Length: %d\r\nConnection: close\r\n\r\n" % len(body)).encode() + body)
            ok += 1 if s.recv(12).startswith(b"HTTP/1.1 200") else 0
            s.close()
        except OSError:
            pass
    print(json.dumps({"registered": ok}), flush=True)


def victim(address, port, seconds):
    server = socket.socket()
    server.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    server.bind((address, port))
    server.listen(1024)
    server.settimeout(0.2)
    counts, end = {}, time.monotonic() + seconds
    while time.monotonic() < end:
        try:
            connection, source = server.accept()
            counts[source[0]] = counts.get(source[0], 0) + 1
            connection.close()
        except socket.timeout:
            pass
    print(json.dumps({"connections": counts}), flush=True)


mode, args = sys.argv[1], sys.argv[2:]
if mode == "idle":
    idle(args[0], int(args[1]), int(args[2]), float(args[3]) if len(args) > 3 else 2)
elif mode == "stall":
    stall(args[0], int(args[1]), int(args[2]), int(args[3]), int(args[4]), float(args[5]))
elif mode == "announce":
    announce(args[0], int(args[1]), int(args[2]), int(args[3]))
elif mode == "register":
    register(args[0], int(args[1]), int(args[2]))
elif mode == "victim":
    victim(args[0], int(args[1]), float(args[2]))
