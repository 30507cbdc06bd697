// Time to hash one password (and to verify it) at the chosen argon2id parameters.
import { hashPassword, verifyPassword, ARGON2_PARAMS } from '../apps/api/src/modules/identity/password.js';

const runs = 20;
await hashPassword('warm-up password');
const hashTimes: number[] = [];
const verifyTimes: number[] = [];
for (let i = 0; i < runs; i++) {
  let t = performance.now();
  const h = await hashPassword(`correct horse battery ${i}`);
  hashTimes.push(performance.now() - t);
  t = performance.now();
  await verifyPassword(h, `correct horse battery ${i}`);
  verifyTimes.push(performance.now() - t);
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(`argon2id m=${ARGON2_PARAMS.memoryCost} KiB t=${ARGON2_PARAMS.timeCost} p=${ARGON2_PARAMS.parallelism}`);
console.log(`hash:   median ${median(hashTimes).toFixed(1)} ms over ${runs} runs`);
console.log(`verify: median ${median(verifyTimes).toFixed(1)} ms over ${runs} runs`);
