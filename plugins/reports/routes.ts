// Report routes (ADMIN): the sales report, its CSV download, and the end-of-day cash-up. Each runs on a
// worker thread (worker.ts, app.offload): this thread only checks the query and passes the answer on.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { addDays, startOfLocalDay } from '../../core/clock.js';
import { badRequest, notFound } from '../../core/errors.js';
import { csvFileName } from './csv.js';
import { liabilitiesOf } from './liabilities.js';
import { isCalendarDate, resolvePeriod } from './period.js';
import { EndOfDay, EndOfDayQuery, ReportQuery, SalesReport, SizeCurveQuery, SizeCurveReport } from './schemas.js';
import { assertSummaryTriggers } from './summary-check.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const timeZone = app.config.timeZone;
  assertSummaryTriggers(db);
  // #29: other plugins' liabilities (gift cards) are read here, where the hooks are, and passed to the worker.
  const liabilities = (from: string, to: string) => liabilitiesOf(db, app.pluginHooks.liabilities, from, to);

  app.get('/api/reports/sales', { schema: { querystring: ReportQuery, response: { 200: SalesReport } }, config: { role: 'ADMIN' } }, async (request, reply) => {
    const period = resolvePeriod(request.query, timeZone);
    const report = await app.offload.run('reports.sales', { period, liabilities: liabilities(period.startDate, period.endDate) });
    reply.header('cache-control', 'no-store');
    return report;
  });

  // Opened as a download link: the session cookie is accepted.
  app.get('/api/reports/sales/csv', { schema: { querystring: ReportQuery }, config: { role: 'ADMIN', cookieAuth: true } }, async (request, reply) => {
    const period = resolvePeriod(request.query, timeZone);
    // Chunks come from the worker as the client reads them: the file is never whole in this thread's memory.
    // A bulk job: at most 2 per user at once (429 beyond); a client that stops reading is cut off after 30 s.
    const csv = await app.offload.stream(
      'reports.salesCsv',
      { period, liabilities: liabilities(period.startDate, period.endDate) },
      { lane: 'bulk', owner: request.user.id },
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(period)}"`)
      .header('cache-control', 'no-store')
      .send(csv);
  });

  app.get(
    '/api/reports/end-of-day',
    { schema: { querystring: EndOfDayQuery, response: { 200: EndOfDay } }, config: { role: 'ADMIN' } },
    async (request, reply) => {
      const { date } = request.query;
      if (!isCalendarDate(date)) throw badRequest('date must be a valid date (YYYY-MM-DD)', 'date');
      const cashUp = await app.offload.run('reports.endOfDay', { date, timeZone, liabilities: liabilities(date, date) });
      reply.header('cache-control', 'no-store');
      return cashUp;
    },
  );

  // #30: units received, sold and on hand by size over [from, to] (shop-local dates), from the stock ledger.
  app.get(
    '/api/reports/size-curve',
    { schema: { querystring: SizeCurveQuery, response: { 200: SizeCurveReport } }, config: { role: 'ADMIN' } },
    async (request, reply) => {
      const { style_id, brand, category, from, to } = request.query;
      const asked = [style_id !== undefined, brand !== undefined, category !== undefined].filter(Boolean).length;
      if (asked !== 1) throw badRequest('Give exactly one of style_id, brand or category', 'style_id');
      if (!isCalendarDate(from)) throw badRequest('from must be a valid date (YYYY-MM-DD)', 'from');
      if (!isCalendarDate(to)) throw badRequest('to must be a valid date (YYYY-MM-DD)', 'to');
      if (from > to) throw badRequest('from must not be after to', 'from');
      const filter = style_id !== undefined ? { style_id } : brand !== undefined ? { brand } : { category: category as string };
      const fromIso = startOfLocalDay(from, timeZone).toISOString();
      const toIso = startOfLocalDay(addDays(to, 1), timeZone).toISOString();
      const curve = await app.offload.run('reports.sizeCurve', { filter, fromIso, toIso });
      if (!curve) throw notFound('Style');
      reply.header('cache-control', 'no-store');
      const by = style_id !== undefined ? 'style' : brand !== undefined ? 'brand' : 'category';
      return { by, style_id: style_id ?? null, title: curve.title, from, to, sizes: curve.sizes, totals: curve.totals } as const;
    },
  );
};

export default routes;
