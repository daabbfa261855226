// What the bench scripts share: the lead every webhook posts, and a process's CPU time.
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

module.exports = { LEAD, cpuMs };
