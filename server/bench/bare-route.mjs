// The benchmarks' yardstick: a bare Fastify answering GET <path> (default /api/booking-codes) with a
// fixed JSON body from memory. Usage: node bench/bare-route.mjs <json-file> <port> [path]
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [file, port, route = '/api/booking-codes'] = process.argv.slice(2);
const body = readFileSync(file, 'utf8');
const app = Fastify();
app.get(route, async (_request, reply) => reply.type('application/json; charset=utf-8').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => app.close().then(() => process.exit(0)));
