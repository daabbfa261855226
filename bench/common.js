// What the bench scripts share: the lead every webhook posts, a process's CPU time, and the
// agents of the list row.
'use strict';
const { readFileSync } = require('node:fs');

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

module.exports = { LEAD, cpuMs, createAgents };
