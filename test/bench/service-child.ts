// Child process of stream-wait.bench.ts: the service, apart from the host as a real one is. Prints one
// JSON line with the simulator's address, then serves until it is killed.
import { startSimulator } from '../../electron/simulator/index.ts';

const sim = await startSimulator({ controlRoutes: false });
process.stdout.write(`${JSON.stringify({ service: sim.baseUrl })}\n`);
