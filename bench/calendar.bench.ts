// get_house_group_availability_calendar for 12 months of one random bench house group (one query each):
// p50, p95 and p99 at 1 and at 50 concurrent clients (aim: p95 at most 20 ms).
import { closedLoop, fmt, openBenchApi } from './support/catalogue-bench.js';
import { todayIn } from '@yado/contract/civil-date';
import { getHouseGroupAvailabilityCalendar } from '@yado/contract/catalogue.contract';

const seconds = Number(process.env['BENCH_SECONDS'] ?? 10);
const bench = await openBenchApi();
try {
  const today = todayIn('Asia/Tokyo', new Date());
  const from = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
  const to = from.month === 1 ? { year: from.year, month: 12 } : { year: from.year + 1, month: from.month - 1 };
  let seed = 7;
  const body = () => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return { houseGroupId: `bench-hg-${seed % bench.benchGroups}`, from, to, variant: 'CHECKIN_CHECKOUT' };
  };
  const sample = await bench.call(getHouseGroupAvailabilityCalendar, body());
  if (sample.status !== 200) throw new Error(`calendar answered ${sample.status}: ${JSON.stringify(sample.json)}`);
  console.log(`12-month calendar: ${sample.json.months.length} months`);
  await closedLoop({
    clients: 10,
    seconds: 2,
    request: () => bench.call(getHouseGroupAvailabilityCalendar, body()),
  });
  for (const clients of [1, 10, 50]) {
    const r = await closedLoop({
      clients,
      seconds,
      request: () => bench.call(getHouseGroupAvailabilityCalendar, body()),
    });
    console.log(`12-month calendar  ${String(clients).padStart(2)} clients: ${fmt(r)}`);
  }
} finally {
  await bench.close();
}
