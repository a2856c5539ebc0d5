/// The page a browser gets at `/` of a web share: asks for the PIN when one is needed, then lists
/// the files as download links (the download API of §5 underneath, as LocalSend's web share).
enum LocalSendWebPage {
    static let html = """
    <!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
    <title>Ferry share</title><style>body{font:16px system-ui,sans-serif;margin:2em;max-width:40em}li{margin:.6em 0}</style></head>
    <body><h1 id="title">Ferry share</h1><p id="state">Loading…</p><ul id="files"></ul>
    <script>
    const api = "\(LocalSendRoute.prefix)";
    let session = sessionStorage.getItem("ferry-session") || "";
    async function load(pin) {
      const query = new URLSearchParams();
      if (session) query.set("sessionId", session);
      if (pin) query.set("pin", pin);
      const response = await fetch(api + "prepare-download?" + query, {method: "POST"});
      if (response.status === 401) { return load(prompt("PIN")); }
      const state = document.getElementById("state");
      if (!response.ok) { state.textContent = (await response.json()).message || ("HTTP " + response.status); return; }
      const body = await response.json();
      session = body.sessionId; sessionStorage.setItem("ferry-session", session);
      document.getElementById("title").textContent = body.info.alias;
      state.textContent = "Tap a file to download it.";
      const list = document.getElementById("files");
      for (const file of Object.values(body.files).sort((a, b) => a.fileName.localeCompare(b.fileName))) {
        const item = document.createElement("li"), link = document.createElement("a");
        link.href = api + "download?" + new URLSearchParams({sessionId: session, fileId: file.id});
        link.textContent = file.fileName + " (" + file.size + " bytes)";
        link.download = file.fileName.split("/").pop();
        item.appendChild(link); list.appendChild(item);
      }
    }
    load("");
    </script></body></html>
    """
}
