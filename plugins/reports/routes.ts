// Report routes (ADMIN): the sales report, its CSV download, and the end-of-day cash-up.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { badRequest } from '../../core/errors.js';
import { csvFileName, salesCsvStream } from './csv.js';
import { endOfDay } from './end-of-day.js';
import { isCalendarDate, resolvePeriod } from './period.js';
import { salesReport } from './sales-report.js';
import { EndOfDay, EndOfDayQuery, ReportQuery, SalesReport } from './schemas.js';
import { assertSummaryTriggers } from './summary-check.js';

const routes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.db;
  const timeZone = app.config.timeZone;
  assertSummaryTriggers(db);

  app.get('/api/reports/sales', { schema: { querystring: ReportQuery, response: { 200: SalesReport } }, config: { role: 'ADMIN' } }, async (request, reply) => {
    const period = resolvePeriod(request.query, timeZone);
    reply.header('cache-control', 'no-store');
    return salesReport(db, period);
  });

  // Opened as a download link: the session cookie is accepted.
  app.get('/api/reports/sales/csv', { schema: { querystring: ReportQuery }, config: { role: 'ADMIN', cookieAuth: true } }, async (request, reply) => {
    const period = resolvePeriod(request.query, timeZone);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${csvFileName(period)}"`)
      .header('cache-control', 'no-store')
      .send(salesCsvStream(db, period));
  });

  app.get('/api/reports/end-of-day', { schema: { querystring: EndOfDayQuery, response: { 200: EndOfDay } }, config: { role: 'ADMIN' } }, async (request, reply) => {
    const { date } = request.query;
    if (!isCalendarDate(date)) throw badRequest('date must be a valid date (YYYY-MM-DD)', 'date');
    reply.header('cache-control', 'no-store');
    return endOfDay(db, date, timeZone);
  });
};

export default routes;
