// Report routes (ADMIN): the sales report, its CSV download, and the end-of-day cash-up. Each runs on a
// worker thread (worker.ts, app.offload): this thread only checks the query and passes the answer on.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../core/errors.js';
import { csvFileName } from './csv.js';
import { liabilitiesOf } from './liabilities.js';
import { isCalendarDate, resolvePeriod } from './period.js';
import { EndOfDay, EndOfDayQuery, ReportQuery, SalesReport } from './schemas.js';
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
};

export default routes;
