#!/usr/bin/env python3
"""ferry send over loopback against the ceilings: iperf3 (raw TCP) and openssl s_server/s_client
(TLS 1.3 on the same machine), for one 1 GiB file and for 10,000 files of 4 KiB.

Two ferryd instances run in worlds of their own (XDG folders, sockets, ports) under one temporary
folder; the sender trusts nothing but the receiver's fingerprint, the receiver trusts the sender.
Every figure is wall time from the start of the command to the data being on the receiver's disk
(for ferry: hashed, checked, fsynced and in the Inbox). Prints one table with the ratios.
"""
import argparse, json, os, shutil, socket, subprocess, sys, tempfile, time

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

class World:
    def __init__(self, root, name, ferry):
        self.root = os.path.join(root, name)
        self.ferry = ferry
        os.makedirs(self.root + "/apps", exist_ok=True)
        self.env = dict(os.environ,
            XDG_DATA_HOME=self.root + "/data", XDG_CONFIG_HOME=self.root + "/config",
            XDG_STATE_HOME=self.root + "/state", FERRY_SOCKET=self.root + "/run/ferryd.sock",
            FERRY_APPS_PATH=self.root + "/apps", FERRY_TRANSFER_PORT="0", FERRY_TRANSFER_HOST="127.0.0.1",
            FERRY_DAEMON=os.path.join(os.path.dirname(ferry), "ferryd"))

    def run(self, *args):
        return subprocess.run([self.ferry, *args], env=self.env, capture_output=True, text=True)

    def pid(self):
        with open(self.root + "/run/ferryd.sock.lock") as f:
            return int(f.read().strip())

    def port(self):
        for _ in range(300):
            try:
                with open(self.root + "/run/ferryd.sock.transfer-port") as f:
                    return int(f.read())
            except (OSError, ValueError):
                time.sleep(0.01)
        sys.exit("ferryd did not report its transfer port")

    def peak_rss_mb(self):
        with open(f"/proc/{self.pid()}/status") as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
        return 0

    def stop(self):
        try:
            os.kill(self.pid(), 15)
        except OSError:
            pass

def timed(fn):
    start = time.monotonic()
    fn()
    return time.monotonic() - start

def make_data(root, big_mib, small_count):
    big = os.path.join(root, "big.bin")
    with open(big, "wb") as f:
        chunk = os.urandom(1 << 20)
        for _ in range(big_mib):
            f.write(chunk)
    small = os.path.join(root, "small")
    os.makedirs(small)
    for i in range(small_count):
        with open(os.path.join(small, f"f{i:05d}.bin"), "wb") as f:
            f.write(os.urandom(4096))
    return big, small

def ferry_send(sender, receiver_port, fingerprint, path):
    result = sender.run("send", path, "--to", f"127.0.0.1:{receiver_port}", "--fingerprint", fingerprint)
    if result.returncode != 0:
        sys.exit(f"ferry send failed: {result.stderr}")

def openssl_pipe(root, sender_cmd, receiver_cmd):
    """TLS 1.3 through openssl s_server (receiving, piping into receiver_cmd) and s_client."""
    cert, key = os.path.join(root, "ossl.pem"), os.path.join(root, "ossl.key")
    if not os.path.exists(cert):
        subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes",
                        "-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=bench"], check=True, capture_output=True)
    port = free_port()
    server = subprocess.Popen(f"openssl s_server -accept {port} -cert {cert} -key {key} -tls1_3 -quiet -naccept 1 | {receiver_cmd}",
                              shell=True, cwd=root, stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    def go():
        subprocess.run(f"{sender_cmd} | openssl s_client -connect 127.0.0.1:{port} -tls1_3 -quiet -no_ign_eof",
                       shell=True, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        server.wait()
    return timed(go)

def iperf(bytes_):
    if not shutil.which("iperf3"):
        return None
    port = free_port()
    server = subprocess.Popen(["iperf3", "-s", "-1", "-p", str(port)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(0.3)
    out = subprocess.run(["iperf3", "-c", "127.0.0.1", "-p", str(port), "-n", str(bytes_), "-J"], capture_output=True, text=True)
    server.wait()
    return json.loads(out.stdout)["end"]["sum_received"]["bits_per_second"] / 8 / 1e6

def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--ferry", required=True)
    parser.add_argument("--big-mib", type=int, default=1024)
    parser.add_argument("--small", type=int, default=10000)
    args = parser.parse_args()
    root = tempfile.mkdtemp(prefix="ferry-bench-transfer-")
    receiver, sender = World(root, "receiver", args.ferry), World(root, "sender", args.ferry)
    try:
        receiver_fp = receiver.run("trust", "self").stdout.split()[0]
        sender_fp = sender.run("trust", "self").stdout.split()[0]
        receiver.run("trust", "add", sender_fp, "--name", "bench-sender")
        port = receiver.port()
        print(f"== data: {args.big_mib} MiB file, {args.small} files of 4 KiB (in {root})")
        big, small = make_data(root, args.big_mib, args.small)
        big_bytes, small_bytes = args.big_mib << 20, args.small * 4096
        rows = []
        t_ferry_big = timed(lambda: ferry_send(sender, port, receiver_fp, big))
        t_ferry_small = timed(lambda: ferry_send(sender, port, receiver_fp, small))
        rss = (receiver.peak_rss_mb(), sender.peak_rss_mb())
        t_ossl_big = openssl_pipe(root, f"cat {big}", "cat > ossl-big.out")
        t_ossl_small = openssl_pipe(root, "tar -cf - small", "(mkdir -p ossl-small && tar -xf - -C ossl-small)")
        iperf_mbs = iperf(big_bytes)
        mb = lambda n, t: n / t / 1e6
        print(f"{'':34}{'1 GiB file':>14}{'10k x 4 KiB':>14}")
        print(f"{'ferry send (MB/s)':34}{mb(big_bytes, t_ferry_big):14.0f}{mb(small_bytes, t_ferry_small):14.1f}")
        print(f"{'openssl s_server/s_client (MB/s)':34}{mb(big_bytes, t_ossl_big):14.0f}{mb(small_bytes, t_ossl_small):14.1f}")
        print(f"{'iperf3 raw TCP (MB/s)':34}{(iperf_mbs or 0):14.0f}{'-':>14}")
        print(f"{'ferry / openssl':34}{t_ossl_big / t_ferry_big:14.2f}{t_ossl_small / t_ferry_small:14.2f}")
        if iperf_mbs:
            print(f"{'ferry / iperf3':34}{mb(big_bytes, t_ferry_big) / iperf_mbs:14.2f}{'-':>14}")
        print(f"{'seconds: ferry, openssl':34}{t_ferry_big:7.2f}{t_ossl_big:7.2f}{t_ferry_small:7.2f}{t_ossl_small:7.2f}")
        print(f"peak RSS ferryd: receiver {rss[0]:.1f} MB, sender {rss[1]:.1f} MB")
    finally:
        receiver.stop()
        sender.stop()
        time.sleep(0.3)
        shutil.rmtree(root, ignore_errors=True)

if __name__ == "__main__":
    main()
