// search_house_groups with dates and guests on the bench data (`npm run bench:seed -- --house-groups 10000`):
// p50, p95 and p99 at 50 concurrent clients (aim: p95 at most 50 ms). Each request searches a random
// prefecture for random 1–4 night stays in the next 300 days with 1–4 adults and 0–2 children, sorted by
// price, first page of 20 — what the search page sends. A nationwide search (no area) is measured too.
import { closedLoop, fmt, openBenchApi } from './support/catalogue-bench.js';
import { addDays, civilFromIso, todayIn } from '@yado/contract/civil-date';
import { searchHouseGroups } from '@yado/contract/catalogue.contract';

const clients = Number(process.env['BENCH_CLIENTS'] ?? 50);
const seconds = Number(process.env['BENCH_SECONDS'] ?? 15);
const PREFECTURES = [
  'Hokkaido',
  'Nagano',
  'Kyoto',
  'Okinawa',
  'Kanagawa',
  'Shizuoka',
  'Tokyo',
  'Wakayama',
  'Niigata',
  'Oita',
];

const bench = await openBenchApi();
try {
  const today = todayIn('Asia/Tokyo', new Date());
  let seed = 42;
  const rnd = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) & 0x7fffffff;
    return seed % n;
  };
  const query = (nationwide: boolean) => {
    const start = 1 + rnd(300);
    return {
      ...(nationwide ? {} : { prefecture: PREFECTURES[rnd(PREFECTURES.length)] }),
      checkinDate: civilFromIso(addDays(today, start)),
      checkoutDate: civilFromIso(addDays(today, start + 1 + rnd(4))),
      adults: 1 + rnd(4),
      children: rnd(3),
      sort: 'PRICE_ASC',
      pageSize: 20,
    };
  };
  const sample = await bench.call(searchHouseGroups, query(false));
  if (sample.status !== 200) throw new Error(`search answered ${sample.status}: ${JSON.stringify(sample.json)}`);
  console.log(
    `${bench.benchGroups} bench house groups; a prefecture search returns ${sample.json.results.length} on its first page`,
  );

  await closedLoop({ clients, seconds: 3, request: () => bench.call(searchHouseGroups, query(false)) }); // warm-up
  const prefecture = await closedLoop({
    clients,
    seconds,
    request: () => bench.call(searchHouseGroups, query(false)),
  });
  console.log(`search by prefecture, dates, guests  ${clients} clients: ${fmt(prefecture)}`);
  const prefectureOne = await closedLoop({
    clients: 1,
    seconds: 5,
    request: () => bench.call(searchHouseGroups, query(false)),
  });
  console.log(`search by prefecture, dates, guests   1 client:  ${fmt(prefectureOne)}`);
  const nationwide = await closedLoop({
    clients,
    seconds,
    request: () => bench.call(searchHouseGroups, query(true)),
  });
  console.log(`search nationwide, dates, guests     ${clients} clients: ${fmt(nationwide)}`);
  const single = await closedLoop({
    clients: 1,
    seconds: 5,
    request: () => bench.call(searchHouseGroups, query(true)),
  });
  console.log(`search nationwide, dates, guests      1 client:  ${fmt(single)}`);
  console.log(
    prefecture.p95 <= 50 ? 'prefecture search p95 within the 50 ms aim' : 'prefecture search p95 ABOVE the 50 ms aim',
  );
} finally {
  await bench.close();
}
