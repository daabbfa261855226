// What the bench scripts share: the lead every webhook posts, a process's CPU time, the
// agents of the list row and the client of the single-request rows.
'use strict';
const { readFileSync } = require('node:fs');
const http = require('node:http');

/** The 175-byte lead of every benchmark webhook (a plain lead-qualification input). */
const LEAD = JSON.stringify({
  email_address: 'jane@acme-industries.com',
  full_name: 'Jane Doe',
  company_name: 'Acme Industries',
  phone_number: '+1 555 123 4567',
  inquiry: 'We would like a demo and pricing for the enterprise plan',
});

/** User + system CPU of a process so far, in ms (Linux: /proc/<pid>/stat). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** Creates `count` more agents (`Agent 1` …) through the API: the page of the list row. */
async function createAgents(api, auth, count) {
  for (let i = 1; i <= count; i++) {
    const res = await fetch(`${api}/v2/agents`, { method: 'POST', headers: auth, body: JSON.stringify({ name: `Agent ${i}` }) });
    if (res.status !== 201) throw new Error(`creating an agent answered ${res.status}`);
  }
}

/**
 * One request at a time over one keep-alive connection of `node:http`: the client of the
 * rows that time single requests. Not `fetch`, whose own work added about 0.45 ms to every
 * round trip on the AMD EPYC machine (BENCHMARKS.md, row "sync trigger p50 / p99").
 */
function sequentialClient() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const send = (url, { method = 'GET', headers = {}, body } = {}) =>
    new Promise((resolve, reject) => {
      const req = http.request(url, { method, headers, agent }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode, body: Buffer.concat(chunks).toString() }));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end(body);
    });
  return { send, close: () => agent.destroy() };
}

module.exports = { LEAD, cpuMs, createAgents, sequentialClient };
