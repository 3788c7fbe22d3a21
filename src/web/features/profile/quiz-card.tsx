import { Link } from 'react-router';
import { QUIZ_QUESTIONS } from '../../../shared/domain/quiz-questions';
import { buttonClass } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useOwnQuiz } from './api';
import { ProfileCard } from './profile-card';

export function QuizCard() {
  const quiz = useOwnQuiz();
  const answers = quiz.data ?? null;
  return (
    <ProfileCard
      title="Quiz de compatibilidad"
      action={
        <Link to="/quiz" className={buttonClass('secondary')}>
          {answers ? 'Contestar de nuevo' : 'Contestar'}
        </Link>
      }
    >
      {quiz.isPending ? (
        <Spinner />
      ) : quiz.isError ? null : answers ? (
        <ol className="flex flex-col gap-3">
          {QUIZ_QUESTIONS.map((question) => (
            <li key={question.key}>
              <p className="text-sm text-muted">
                {question.id}. {question.text}
              </p>
              <p className="font-medium">{answers[question.key]}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-muted">No has respondido el quiz</p>
      )}
    </ProfileCard>
  );
}
