#!/usr/bin/env node
// `npm start`: build when needed, then run the service (all roles by default).
require('./ensure-build');
require('../dist/src/main.js');
