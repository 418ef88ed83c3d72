const lib = (await import(`./bench-lib${".ts"}`)) as typeof import("./bench-lib.js");
const { url, key } = await lib.prepareBenchDatabase(process.env.DATABASE_URL as string, 1_000, console.log);
const gateway = await lib.startGateway({ DATABASE_URL: url, LOG_LEVEL: "info", MIN_RELEVANCE_SCORE: "-1", NODE_OPTIONS: "--cpu-prof --cpu-prof-dir=/tmp/prof" });
const r = await lib.autocannon({ url: `${gateway.url}/api/v1/search`, connections: 10, duration: 10, method: "POST",
  headers: { "content-type": "application/json", "x-api-key": key }, body: JSON.stringify({ query: "road repair works in the city centre", limit: 10 }) });
console.log(r.requests.mean, r.non2xx);
await gateway.stop();
