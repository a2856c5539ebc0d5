"""A LAN stranger against a LocalSend port, for LocalSendHardeningTests: no certificate, no PIN.

Each mode prints one JSON line of what it observed.
  connections PORT SRC:N[,SRC:N...]   plain TCP connections that send nothing; how many stay open
  head PORT                           one connection that sends nothing; seconds until it is closed
  stall PORT N LENGTH SENT            N prepare-uploads announcing LENGTH bytes, SENT sent, then silence
  entries PORT COUNT                  a prepare-upload whose body lists COUNT files and never ends
"""
import json, socket, ssl, sys, time


def still_open(sock):
    sock.setblocking(False)
    try:
        return sock.recv(1) != b""
    except BlockingIOError:
        return True
    except OSError:
        return False


def connections(port, spec):
    held, result = [], {}
    for part in spec.split(","):
        source, count = part.split(":")
        mine = []
        for _ in range(int(count)):
            sock = socket.socket()
            sock.bind((source, 0))
            sock.connect(("127.0.0.1", port))
            mine.append(sock)
        held.append((source, mine))
    time.sleep(1.0)
    for source, mine in held:
        result[source] = sum(1 for s in mine if still_open(s))
    print(json.dumps(result))


def head(port):
    sock = socket.create_connection(("127.0.0.1", port))
    start = time.monotonic()
    sock.settimeout(15)
    try:
        sock.recv(1)
    except OSError:
        pass
    print(json.dumps({"closedAfter": round(time.monotonic() - start, 2)}))


def tls(port):
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context.wrap_socket(socket.create_connection(("127.0.0.1", port)), server_hostname="localhost")


def request_head(length):
    return ("POST /api/localsend/v2/prepare-upload HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
            "Content-Length: %d\r\n\r\n" % length).encode()


def answer(sock, wait):
    sock.settimeout(wait)
    data = b""
    try:
        while b"\r\n\r\n" not in data:
            chunk = sock.recv(4096)
            if not chunk:
                break
            data += chunk
    except OSError:
        pass
    if not data.startswith(b"HTTP/1.1 "):
        return {"status": 0}
    headers = data.split(b"\r\n\r\n")[0].decode(errors="replace").split("\r\n")
    found = {"status": int(headers[0].split(" ")[1])}
    for line in headers[1:]:
        if line.lower().startswith("retry-after:"):
            found["retryAfter"] = int(line.split(":")[1])
    return found


def stall(port, count, length, sent):
    socks = []
    for _ in range(count):
        sock = tls(port)
        sock.sendall(request_head(length) + b"x" * sent)
        socks.append(sock)
    time.sleep(1.5)
    print(json.dumps([answer(s, 0.5) for s in socks]))


def entries(port, count):
    entry = '"f%d":{"id":"f%d","fileName":"a","size":1,"fileType":"text/plain"},'
    body = '{"info":{"alias":"x","deviceModel":null,"deviceType":"mobile","fingerprint":"ab","port":1},"files":{'
    body += "".join(entry % (i, i) for i in range(count))
    sock = tls(port)
    data = body.encode()
    # Announced longer than what is sent: a server that waits for the end never answers.
    sock.sendall(request_head(len(data) + 100))
    try:
        sock.sendall(data)
    except OSError:
        pass
    start = time.monotonic()
    found = answer(sock, 5)
    found["after"] = round(time.monotonic() - start, 2)
    print(json.dumps(found))


mode, port = sys.argv[1], int(sys.argv[2])
if mode == "connections":
    connections(port, sys.argv[3])
elif mode == "head":
    head(port)
elif mode == "stall":
    stall(port, int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
elif mode == "entries":
    entries(port, int(sys.argv[3]))
