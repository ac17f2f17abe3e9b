/** The child process of shoot.ts's pictureDayInChild: one picture day, one JSON line (shoot.ts Outcome). */
import { pictureDay } from './shoot.js';

await pictureDay(process.env.BENCH_SHOOT_DIR!, Number(process.env.BENCH_SHOOT_COUNT), {
  checks: process.env.BENCH_SHOOT_CHECKS === '1',
});
