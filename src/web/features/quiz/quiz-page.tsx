import { ArrowLeft, Heart } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import type { QuizzAddBody } from '../../../shared/contracts/quiz';
import { QUIZ_QUESTIONS } from '../../../shared/domain/quiz-questions';
import { ErrorAlert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { usePageTitle } from '../../components/use-page-title';
import { useSendQuizAnswers } from './api';

type Answers = Partial<Record<(typeof QUIZ_QUESTIONS)[number]['key'], string>>;

/** /quiz: intro, one question at a time, sending, thank-you (specification §2 "Quiz"). */
export function QuizPage() {
  usePageTitle('Quiz de análisis');
  const [step, setStep] = useState<'intro' | number>('intro');
  const [answers, setAnswers] = useState<Answers>({});
  const send = useSendQuizAnswers();

  const sendAnswers = (complete: Answers) => send.mutate(complete as QuizzAddBody['quizz']);

  const choose = (index: number, text: string) => {
    const question = QUIZ_QUESTIONS[index]!;
    const next = { ...answers, [question.key]: text };
    setAnswers(next);
    if (index + 1 < QUIZ_QUESTIONS.length) setStep(index + 1);
    else sendAnswers(next);
  };

  let content: ReactNode;
  if (send.isSuccess) content = <ThankYou />;
  else if (send.isPending) content = <Spinner label="Enviando tus respuestas…" />;
  else if (send.isError) {
    content = (
      <div className="flex flex-col gap-4">
        <ErrorAlert error={send.error} />
        <Button onClick={() => sendAnswers(answers)}>Intentar de nuevo</Button>
      </div>
    );
  } else if (step === 'intro') content = <Intro onStart={() => setStep(0)} />;
  else {
    content = (
      <QuestionStep
        key={step}
        index={step}
        chosen={answers[QUIZ_QUESTIONS[step]!.key]}
        onChoose={(text) => choose(step, text)}
        onBack={step > 0 ? () => setStep(step - 1) : undefined}
      />
    );
  }

  return <section className="mx-auto max-w-2xl px-4 py-10">{content}</section>;
}

function Intro({ onStart }: { onStart: () => void }) {
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
      <Heart className="mx-auto size-10 text-accent" aria-hidden />
      <h1 className="mt-4 text-3xl font-bold">Quiz de análisis</h1>
      <p className="mt-3 text-muted">
        Responde {QUIZ_QUESTIONS.length} preguntas para que podamos encontrar personas compatibles contigo.
      </p>
      <Button onClick={onStart} className="mt-6">
        Comenzar
      </Button>
    </div>
  );
}

function QuestionStep({
  index,
  chosen,
  onChoose,
  onBack,
}: {
  index: number;
  chosen: string | undefined;
  onChoose: (text: string) => void;
  onBack: (() => void) | undefined;
}) {
  const question = QUIZ_QUESTIONS[index]!;
  const total = QUIZ_QUESTIONS.length;
  return (
    <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-black/5 md:p-8">
      <p className="text-sm font-semibold text-accent">
        Pregunta {index + 1} de {total}
      </p>
      <div
        className="mt-2 h-1.5 overflow-hidden rounded-full bg-accent-soft"
        role="progressbar"
        aria-label="Avance del quiz"
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={index}
      >
        <div className="h-full bg-accent transition-all" style={{ width: `${(index / total) * 100}%` }} />
      </div>
      <h1 className="mt-6 text-2xl font-bold">{question.text}</h1>
      <ul className="mt-6 flex flex-col gap-3">
        {question.options.map((option) => (
          <li key={option.id}>
            <button
              type="button"
              aria-pressed={chosen === option.text}
              onClick={() => onChoose(option.text)}
              className={`w-full rounded-xl px-4 py-3 text-left font-medium ring-1 transition hover:bg-accent-soft hover:ring-accent ${
                chosen === option.text ? 'bg-accent-soft ring-2 ring-accent' : 'bg-white ring-black/10'
              }`}
            >
              {option.text}
            </button>
          </li>
        ))}
      </ul>
      {onBack ? (
        <Button variant="ghost" onClick={onBack} className="mt-6">
          <ArrowLeft className="size-4" aria-hidden />
          Anterior
        </Button>
      ) : null}
    </div>
  );
}

function ThankYou() {
  const navigate = useNavigate();
  return (
    <div className="rounded-2xl bg-white p-8 text-center shadow-sm ring-1 ring-black/5">
      <Heart className="mx-auto size-10 fill-accent text-accent" aria-hidden />
      <h1 className="mt-4 text-2xl font-bold">¡Gracias por responder!</h1>
      <p className="mt-3 text-muted">
        Nuestros algoritmos se encargarán de buscar una pareja con intereses similares
      </p>
      <Button onClick={() => navigate('/perfil')} className="mt-6">
        Finalizar
      </Button>
    </div>
  );
}
