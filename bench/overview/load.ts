/**
 * The load: `concurrency` clients each sending GET requests back to back for `requests` requests in all. Prints the
 * latency of every request (ms) as JSON. Runs in its own process so the client's work never slows the server's.
 */
const [url = "", token = "", requestsText = "2000", concurrencyText = "8"] = process.argv.slice(2);
const total = Number(requestsText);
const latencies: number[] = [];
let sent = 0;
let failures = 0;

async function client(): Promise<void> {
  while (sent < total) {
    sent++;
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    if (response.status !== 200) failures++;
  }
}

await Promise.all(Array.from({ length: Number(concurrencyText) }, client));
process.stdout.write(`${JSON.stringify({ latencies, failures })}\n`);
