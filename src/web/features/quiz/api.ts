import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { QuizzAddBody } from '../../../shared/contracts/quiz';
import { apiPost } from '../../api/client';

export function useSendQuizAnswers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (quizz: QuizzAddBody['quizz']) => apiPost('client/quizz/add', { quizz }),
    // "Para ti" and the event pages' count follow the new answers.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['compatible'] }),
        queryClient.invalidateQueries({ queryKey: ['event-compatible'] }),
      ]),
  });
}
