import type { QuestionKey, QuizAnswers, QuizOptionText } from './quiz-questions';

/** "Para ti" shows at most this many reasons per person (docs/design/16-para-ti.md). */
export const MAX_REASONS = 3;

type SharedAnswerPhrases<Key extends QuestionKey> = Partial<Record<QuizOptionText<Key>, string>>;

/**
 * What two people share, phrased for the one reading, for the rules of spec §9 that give points when
 * both answer alike; in the order they weigh in a relationship, so the three shown say the most.
 * An answer without a phrase (nothing worth saying, like two who do not know yet) is passed over.
 */
const SHARED_ANSWERS: readonly {
  [Key in QuestionKey]: readonly [Key, SharedAnswerPhrases<Key>];
}[QuestionKey][] = [
  [
    'q_6',
    {
      'Quiero tener': 'Los dos quieren tener hijos',
      'Ya tengo y quiero más': 'Los dos tienen hijos y quieren más',
      'Ya tengo y no quiero más': 'Los dos tienen hijos y no quieren más',
      'No quiero tener': 'Ninguno de los dos quiere tener hijos',
    },
  ],
  [
    'q_14',
    {
      'Cercanía: hacer casi todo juntos': 'A los dos les gusta hacer casi todo juntos',
      'Balance: tiempo juntos y tiempo para mí': 'Los dos buscan balance entre tiempo juntos y tiempo propio',
      'Distancia: necesito mi propio espacio': 'Los dos valoran tener su propio espacio',
    },
  ],
  [
    'q_7',
    {
      'Salir a bailar o de fiesta': 'A los dos les gusta salir a bailar el fin de semana',
      'Una carnita asada con familia y amigos': 'Los dos disfrutan una carnita asada con familia y amigos',
      'Una escapada a la playa o a un pueblo mágico':
        'A los dos les encanta escaparse a la playa o a un pueblo mágico',
      'Quedarme en casa viendo series': 'Los dos prefieren quedarse en casa viendo series',
    },
  ],
  [
    'q_8',
    {
      'Muy activo, siempre ando haciendo algo': 'Los dos llevan un ritmo de vida muy activo',
      Equilibrado: 'Los dos llevan un ritmo de vida equilibrado',
      'Tranquilo, me gusta ir sin prisas': 'A los dos les gusta ir sin prisas',
    },
  ],
  [
    'q_10',
    {
      'Ahorro todo lo que puedo': 'Los dos ahorran todo lo que pueden',
      'Ahorro, pero también me doy mis gustos': 'Los dos ahorran y también se dan sus gustos',
      'Vivo el momento': 'Los dos viven el momento',
    },
  ],
  [
    'q_11',
    {
      'No fumo': 'Ninguno de los dos fuma',
      'Solo en fiestas': 'Los dos fuman solo en fiestas',
      'Sí, fumo': 'Los dos fuman',
    },
  ],
  [
    'q_12',
    {
      'No tomo': 'Ninguno de los dos toma alcohol',
      'Solo en reuniones': 'Los dos toman solo en reuniones',
      'Sí, con frecuencia': 'A los dos les gusta tomar algo seguido',
    },
  ],
  [
    'q_13',
    {
      'Casi diario': 'Los dos hacen ejercicio casi diario',
      'De vez en cuando': 'Los dos hacen ejercicio de vez en cuando',
    },
  ],
  [
    'q_18',
    {
      'Regional mexicano': 'A los dos les gusta el regional mexicano',
      'Pop y reguetón': 'A los dos les gusta el pop y el reguetón',
      'Rock y alternativo': 'A los dos les gusta el rock y el alternativo',
    },
  ],
];

/** Rule 11 of §9, love languages: each shows love the way the other likes to receive it. */
function loveLanguageReason(a: QuizAnswers, b: QuizAnswers): string | null {
  const forward = a.q_15 === b.q_16;
  const backward = b.q_15 === a.q_16;
  if (forward && backward) return 'Cada uno demuestra el cariño como al otro le gusta recibirlo';
  if (forward || backward) return 'Uno demuestra el cariño justo como al otro le gusta recibirlo';
  return null;
}

type ReasonOf = (a: QuizAnswers, b: QuizAnswers) => string | null;

function sharedAnswer<Key extends QuestionKey>([key, phrases]: readonly [
  Key,
  SharedAnswerPhrases<Key>,
]): ReasonOf {
  return (a, b) => (a[key] === b[key] ? (phrases[a[key]] ?? null) : null);
}

/** Children and time together first, then love languages, then the rest of SHARED_ANSWERS in order. */
const REASONS: readonly ReasonOf[] = [
  ...SHARED_ANSWERS.slice(0, 2).map(sharedAnswer),
  loveLanguageReason,
  ...SHARED_ANSWERS.slice(2).map(sharedAnswer),
];

/** Up to MAX_REASONS phrases naming rules that scored for these two (docs/design/16-para-ti.md). */
export function compatibilityReasons(a: QuizAnswers, b: QuizAnswers): string[] {
  const reasons: string[] = [];
  for (const reasonOf of REASONS) {
    const reason = reasonOf(a, b);
    if (reason !== null) reasons.push(reason);
    if (reasons.length === MAX_REASONS) break;
  }
  return reasons;
}
