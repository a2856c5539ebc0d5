/// The pages a browser gets from a web share: at `/` while a share is open, the list of files
/// (the download API of §5 underneath, as LocalSend's web share), with the PIN asked in a form of
/// the page, never `prompt()`: a dialog a browser suppresses returns at once, and a loop around it
/// floods the server. ``ended`` at `/` while nothing is shared, and ``favicon``.
enum LocalSendWebPage {
    static let style = """
    body{font:16px/1.4 system-ui,sans-serif;margin:1.2em;max-width:40em}h1{font-size:1.4em;margin:.2em 0}
    li{margin:.7em 0;overflow-wrap:anywhere}#summary,.small{color:#555;font-size:.9em}
    input,button{font:inherit;padding:.4em .6em}input{width:9em}#pin-message{color:#a00}
    """

    static let head = """
    <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
    <title>Ferry share</title><link rel="icon" href="/favicon.ico" type="image/svg+xml"><style>\(style)</style></head>
    """

    /// The share's page.
    static let html = head + """
    <body><h1 id="title">Files shared with Ferry</h1><p id="summary"></p><p id="state" role="status"></p>
    <noscript><p>This page needs JavaScript to list the shared files. Turn JavaScript on and reload, or receive them
    with the LocalSend app instead.</p></noscript>
    <form id="pin" hidden><label for="pin-input">PIN shown by <code>ferry share</code> on the sharing device:</label><br>
    <input id="pin-input" inputmode="numeric" autocomplete="one-time-code" autocapitalize="off">
    <button id="pin-button">Open</button><p id="pin-message" role="alert"></p></form>
    <ul id="files"></ul>
    <details class="small"><summary>Why did my browser warn about this page?</summary><p>The sharing device makes its own
    certificate: no authority can vouch for a computer on your network, so the browser warns before the first visit. The
    connection is encrypted all the same. To be sure this is the right device, check that this fingerprint is the one
    <code>ferry share</code> printed: <b id="fingerprint">(shown once the files are listed)</b></p></details>
    <script>
    const api = "\(LocalSendRoute.prefix)";
    const $ = id => document.getElementById(id);
    let session = sessionStorage.getItem("ferry-session") || "";
    let waitTimer = null;
    function say(text) { $("state").textContent = text; }
    function size(bytes) {
      const units = ["B", "kB", "MB", "GB", "TB"];
      let value = bytes, unit = 0;
      while (value >= 1000 && unit < units.length - 1) { value /= 1000; unit++; }
      return unit === 0 ? bytes + " B" : value.toFixed(value < 10 ? 1 : 0) + " " + units[unit];
    }
    async function ask(pin) {
      const query = new URLSearchParams();
      if (session) query.set("sessionId", session);
      if (pin !== undefined) query.set("pin", pin);
      let response;
      try { response = await fetch(api + "prepare-download?" + query, {method: "POST"}); } catch (error) {
        return {status: 0, message: "The sharing device does not answer: it stopped sharing or left the network."};
      }
      let body = {};
      try { body = await response.json(); } catch (error) {}
      return {status: response.status, body, message: body.message, retryAfter: Number(response.headers.get("Retry-After") || 0)};
    }
    async function load(pin) {
      const answer = await ask(pin);
      if (answer.status === 200) return show(answer.body);
      session = ""; sessionStorage.removeItem("ferry-session");
      if (answer.status === 401) return askPin(pin === undefined ? "" : answer.message);
      if (answer.status === 429) return wait(answer);
      if (answer.status === 403 || answer.status === 0) return ended(answer.status === 0 ? answer.message : "");
      say(answer.message || ("The sharing device answered HTTP " + answer.status + "."));
    }
    function askPin(message) {
      $("files").replaceChildren(); $("summary").textContent = "";
      say("This share asks for a PIN.");
      $("pin").hidden = false; $("pin-message").textContent = message || ""; $("pin-input").value = ""; $("pin-input").focus();
    }
    function wait(answer) {
      askPin(answer.message);
      let left = Math.max(1, answer.retryAfter || 60);
      $("pin-button").disabled = true; $("pin-input").disabled = true;
      clearInterval(waitTimer);
      waitTimer = setInterval(() => {
        left -= 1;
        if (left > 0) { $("pin-message").textContent = "Too many wrong PINs were tried on this share. Try again in " + left + " s."; return; }
        clearInterval(waitTimer);
        $("pin-button").disabled = false; $("pin-input").disabled = false;
        $("pin-message").textContent = "You can try again now.";
      }, 1000);
    }
    function ended(message) {
      $("files").replaceChildren(); $("pin").hidden = true; $("summary").textContent = "";
      $("title").textContent = "This share has ended";
      say((message || "The device stopped sharing these files.") + " Ask its owner to share again, then reload this page.");
    }
    function show(body) {
      const fresh = session && session !== body.sessionId;
      session = body.sessionId; sessionStorage.setItem("ferry-session", session);
      $("pin").hidden = true;
      const files = Object.values(body.files).sort((a, b) => a.fileName.localeCompare(b.fileName));
      const total = files.reduce((sum, file) => sum + file.size, 0);
      $("title").textContent = "Files from " + body.info.alias;
      $("summary").textContent = files.length + (files.length === 1 ? " file, " : " files, ") + size(total) + ", shared with Ferry";
      $("fingerprint").textContent = (body.info.fingerprint || "").toUpperCase().match(/.{1,4}/g).slice(0, 8).join(" ") + " …";
      say(fresh ? "The share changed; these are its files now. Tap one to download it." : "Tap a file to download it.");
      const list = $("files");
      list.replaceChildren();
      for (const file of files) {
        const item = document.createElement("li"), link = document.createElement("a");
        link.href = api + "download?" + new URLSearchParams({sessionId: session, fileId: file.id});
        link.textContent = file.fileName;
        link.download = file.fileName.split("/").pop();
        link.addEventListener("click", event => { event.preventDefault(); fetchFile(link); });
        item.append(link, " ", Object.assign(document.createElement("span"), {className: "small", textContent: size(file.size)}));
        list.appendChild(item);
      }
    }
    // An old link must not fail silently: the session is checked first (no PIN again while it is valid).
    async function fetchFile(link) {
      const before = session;
      const answer = await ask();
      if (answer.status === 200 && answer.body.sessionId === before) { location.assign(link.href); return; }
      if (answer.status === 200) return show(answer.body);
      session = ""; sessionStorage.removeItem("ferry-session");
      if (answer.status === 401) return askPin("The share changed and asks for a PIN again.");
      if (answer.status === 429) return wait(answer);
      ended(answer.status === 0 ? answer.message : "");
    }
    $("pin").addEventListener("submit", event => {
      event.preventDefault();
      const pin = $("pin-input").value.trim();
      if (!pin) { $("pin-message").textContent = "Type the PIN first."; return; }
      $("pin-message").textContent = "Checking…";
      load(pin);
    });
    say("Loading…");
    load();
    </script></body></html>
    """

    /// `/` while nothing is shared (a share stopped, or an old bookmark): a page, not JSON.
    static let ended = head + """
    <body><h1>Nothing is shared here now</h1><p>The share this address served has ended. Ask the owner to share again
    (<code>ferry share FILE --web</code>), then open the address it prints.</p></body></html>
    """

    /// A download link that no longer works, opened as a page: why, in words (nothing of the
    /// request is echoed).
    static func unavailable(status: Int) -> String {
        let why = switch status {
        case 403: "This link no longer works: the share it came from has ended, or the page that listed it is from an earlier visit."
        case 404: "That file is not part of the share."
        default: "The sharing device could not send the file (HTTP \(status))."
        }
        return head + """
        <body><h1>This download is not available</h1><p>\(why)</p><p><a href="/">Open the share again</a></p></body></html>
        """
    }

    /// A ferry boat, for the browser's tab (`/favicon.ico`, any state).
    static let favicon = """
    <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#1565c0"/>\
    <path d="M5 19h22l-4 6H9z" fill="#fff"/><rect x="11" y="12" width="10" height="6" fill="#fff"/><path d="M3 27q3 2 6 0t6 0 6 0 6 0" stroke="#fff" fill="none"/></svg>
    """
}
