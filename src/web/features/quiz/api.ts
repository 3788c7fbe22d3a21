import { useMutation } from '@tanstack/react-query';
import type { QuizzAddBody } from '../../../shared/contracts/quiz';
import { apiPost } from '../../api/client';

export function useSendQuizAnswers() {
  return useMutation({
    mutationFn: (quizz: QuizzAddBody['quizz']) => apiPost('client/quizz/add', { quizz }),
  });
}
