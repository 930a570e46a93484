import { describe, expect, it } from 'vitest';
import { financialCsv } from './financial-csv';

const FIGURES = { clientPrice: 9_300_000, tradeCost: 6_800_000, netProfit: 2_500_000, markup: 36.76 };
const data = {
  projects: [{ id: 'p1', projectName: 'Juhu Residence' }],
  projectId: null,
  // 23:30 UTC on 31 March: already 1 April in India, still 31 March in London (summer time) and New York.
  rows: [{ projectId: 'p1', projectName: 'Juhu Residence', scheduleId: 's1', scheduleTitle: 'Living and dining', scheduleCreatedAt: '2025-03-31T23:30:00.000Z', figures: FIGURES }],
  totals: FIGURES,
  money: [{ projectId: 'p1', projectName: 'Juhu Residence', quoted: 9_300_000, invoiced: 4_000_000, received: 2_360_000, outstanding: 2_360_000, margin: 2_500_000 }],
  committed: { byProject: { p1: 6_800_000 }, bySchedule: { s1: 6_800_000 }, total: 6_800_000 },
  receivables: {
    today: '2025-04-01',
    byClient: [{ clientKey: 'c1', clientName: 'Rhea Kapoor', current: 100_000, d1_30: 177_900, d31_60: 0, d61_90: 0, over90: 2_082_100, total: 2_360_000 }],
    total: { current: 100_000, d1_30: 177_900, d31_60: 0, d61_90: 0, over90: 2_082_100, total: 2_360_000 },
    months: [{ month: '2025-03', invoiced: 4_720_000, received: 2_360_000 }],
  },
} as never;
const now = new Date('2025-03-31T23:30:00.000Z');

describe('financialCsv (decision 265)', () => {
  it('adds outstanding by age per client and in total, and invoiced against received by month (decision 418)', () => {
    const { body } = financialCsv(data, now, 'Asia/Kolkata');
    expect(body).toContain('"Client","Current (INR)","1–30 days overdue (INR)","31–60 days overdue (INR)","61–90 days overdue (INR)","Over 90 days overdue (INR)","Outstanding (INR)"');
    expect(body).toContain('"Rhea Kapoor","1000.00","1779.00","0.00","0.00","20821.00","23600.00"');
    expect(body).toContain('"Total","1000.00","1779.00","0.00","0.00","20821.00","23600.00"');
    expect(body).toContain('"2025-03","47200.00","23600.00"');
  });

  it("dates the file and its rows in India's time by default", () => {
    const { fileName, body } = financialCsv(data, now, 'Asia/Kolkata');
    expect(fileName).toBe('financial-overview-2025-04-01.csv');
    expect(body).toContain('"Juhu Residence","Living and dining","93000.00","68000.00","25000.00","36.76","68000.00","2025-04-01 05:00"');
    expect(body).toContain('"Schedule created (Asia/Kolkata)"');
  });

  it("dates them in the firm's own zone when it is elsewhere", () => {
    const london = financialCsv(data, now, 'Europe/London');
    expect(london.fileName).toBe('financial-overview-2025-04-01.csv');
    expect(london.body).toContain('"2025-04-01 00:30"');
    const newYork = financialCsv(data, now, 'America/New_York');
    expect(newYork.fileName).toBe('financial-overview-2025-03-31.csv');
    expect(newYork.body).toContain('"36.76","68000.00","2025-03-31 19:30"');
    expect(newYork.body).toContain('"Schedule created (America/New_York)"');
  });

  it('adds the committed column and, below, where the money stands per project', () => {
    const { body } = financialCsv(data, now, 'Asia/Kolkata');
    expect(body).toContain('"Committed (INR)"');
    expect(body).toContain('"Juhu Residence","93000.00","40000.00","23600.00","23600.00","25000.00"');
  });

  it('prints every amount exactly, two decimals, never a float: 1230 paise is 12.30 (docs/decisions/360)', () => {
    const figures = { clientPrice: 1230, tradeCost: 1_000, netProfit: 230, markup: 23 };
    const small = { ...(data as object), rows: [{ ...(data as { rows: object[] }).rows[0], figures }], totals: figures, committed: { byProject: {}, bySchedule: { s1: 5 }, total: 5 }, money: [{ projectId: 'p1', projectName: 'Juhu Residence', quoted: 1230, invoiced: 100_000_01, received: 0, outstanding: -50, margin: 230 }] } as never;
    const { body } = financialCsv(small, now, 'Asia/Kolkata');
    expect(body).toContain('"Juhu Residence","Living and dining","12.30","10.00","2.30","23.00","0.05",');
    expect(body).toContain('"Total","","12.30","10.00","2.30","23.00","0.05",""');
    expect(body).toContain('"Juhu Residence","12.30","100000.01","0.00","-0.50","2.30"');
  });

  it("adds what each project made, to the paisa, hours as h:mm and minutes (decision 378)", () => {
    const results = [
      { projectId: 'p1', projectName: 'Juhu Residence', feeAgreed: 7_50_000_00, basis: 'percentage' as const, billed: 1_45_500_00, received: 1_18_000_00, minutes: 1350, timeCost: 22_583_34, expenses: 5_000_00, expensesGst: 900_00, expensesRecovered: 5_500_00, result: 1_17_916_66 },
      { projectId: 'p2', projectName: 'Alibag Villa', feeAgreed: null, basis: null, billed: 0, received: 0, minutes: 20, timeCost: 416_67, expenses: 0, expensesGst: 0, expensesRecovered: 0, result: -416_67 },
    ];
    const { body } = financialCsv(data, now, 'Asia/Kolkata', results);
    expect(body).toContain('"Project","Fee agreed (INR)","Billed before GST (INR)","Received (INR)","Hours (h:mm)","Minutes","Time at cost (INR)","Expenses before GST (INR)","Expenses recovered (INR)","Result (INR)"');
    expect(body).toContain('"Juhu Residence","750000.00","145500.00","118000.00","22:30","1350","22583.34","5000.00","5500.00","117916.66"');
    expect(body).toContain('"Alibag Villa","","0.00","0.00","0:20","20","416.67","0.00","0.00","-416.67"');
    expect(financialCsv(data, now, 'Asia/Kolkata').body).not.toContain('Fee agreed');
  });
});
