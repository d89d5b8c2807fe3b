#!/usr/bin/env node
// The `quartet` command. Node 24 runs this TypeScript directly (type stripping).
import { processIO } from './io.ts';
import { main } from './main.ts';

process.exitCode = await main(process.argv.slice(2), processIO());
