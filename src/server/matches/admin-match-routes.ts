import type { FastifyInstance } from 'fastify';
import { ADMIN_PAGE_SIZE } from '../../shared/contracts/admin';
import { adminMatchesAnswer, adminMatchesBody } from '../../shared/contracts/admin-matches';
import {
  findQuizPair,
  listQuizPairPage,
  listQuizRespondents,
  setQuizPairContacted,
} from '../compatibility/admin-quiz-pairs';
import { requireAdmin } from '../platform/auth/guards';
import { callOptions, ok, zodApp } from '../platform/http/envelope';
import { findMatchDetails, listInterestPairs, setInterestContacted } from './admin-interest-pairs';

/**
 * The back office's "Coincidencias" (admin/matches): the interest-pairs tab is this domain's, the
 * quiz tab is compatibility's; one call because the specification names one.
 */
export async function registerAdminMatchRoutes(app: FastifyInstance): Promise<void> {
  const api = zodApp(app, requireAdmin);

  api.post('/admin/matches', callOptions(adminMatchesBody, adminMatchesAnswer), async (request) => {
    const body = request.body;
    if (body.match_id !== undefined) {
      return ok('Detalle del interés', { match: await findMatchDetails(app.db, body.match_id) });
    }
    if (body.id !== undefined && body.contacted !== undefined) {
      await setInterestContacted(app.db, request.adminId, body.id, body.contacted);
      return ok('Marcado como contactado');
    }
    if (body.quiz_pair) {
      return ok('Respuestas del quiz', { quiz_pair: await findQuizPair(app.db, body.quiz_pair) });
    }
    if (body.quiz_contacted) {
      await setQuizPairContacted(app.db, request.adminId, body.quiz_contacted);
      return ok('Marcado como contactado');
    }
    const { search } = body;
    const page = body.page ?? 1;
    if (body.tab === 'quiz') {
      const quizPairs = await listQuizPairPage(app, search, page);
      return ok('Parejas por quiz', { ...quizPairs, page, page_size: ADMIN_PAGE_SIZE });
    }
    const { matches, ...counted } = await listInterestPairs(app.db, search, page, body.cursor);
    const paging = { ...counted, page, page_size: ADMIN_PAGE_SIZE };
    if (body.tab === undefined && search === undefined && body.page === undefined) {
      return ok('Intereses', { matches, ...(await listQuizRespondents(app.db)), ...paging });
    }
    return ok('Intereses', { matches, ...paging });
  });
}
