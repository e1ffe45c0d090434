// bench/floor.ts's bare capture server: node:http and nothing else, on a free port (printed on stdout).
// `read`: answers 200 once a body is in; `decode`: also gunzips and parses it (400 when it holds no batch).
import { createServer } from "node:http";
import { gunzipSync } from "node:zlib";

const decode = process.argv[2] === "decode";
const server = createServer((req, res) => {
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const batched = !decode || Array.isArray(JSON.parse(gunzipSync(Buffer.concat(chunks)).toString()).batch);
    res.writeHead(batched ? 200 : 400, { "content-type": "application/json" });
    res.end('{"status":1}');
  });
});
server.keepAliveTimeout = 600_000;
server.listen(0, "127.0.0.1", () => console.log(server.address().port));
