import { z } from 'zod';

export interface QuizOption {
  readonly id: number;
  readonly text: string;
}

export interface QuizQuestion {
  readonly id: number;
  readonly key: `q_${number}`;
  readonly text: string;
  readonly options: readonly QuizOption[];
}

/**
 * The compatibility quiz: 20 single-choice questions, option ids 1–73 in order across questions.
 * Answers are stored as the chosen option's text (specification §3), so option texts are part of the
 * data model: changing one orphans the answers already stored with it.
 *
 * The scoring rules (compatibility.ts) name some questions and texts: q_1 is the gender the person is
 * looking for, q_2 the partner's age range, q_5 the marital preference ('Soltera', 'Soltero/a',
 * 'No importa'), q_6 children, q_8 has 'Equilibrado', q_14 the distance/balance pair, and q_15 / q_16
 * list the same five love languages in the same order (how I show love / how I like to receive it).
 * q_3, q_4, q_17, q_19 and q_20 are not scored; the admin reads them in 'Ver respuestas'.
 */
export const QUIZ_QUESTIONS = [
  {
    id: 1,
    key: 'q_1',
    text: '¿A quién te gustaría conocer?',
    options: [
      { id: 1, text: 'Hombre' },
      { id: 2, text: 'Mujer' },
      { id: 3, text: 'No binario o LGBTQ+' },
    ],
  },
  {
    id: 2,
    key: 'q_2',
    text: '¿Qué edad te gustaría que tuviera tu pareja?',
    options: [
      { id: 4, text: '18-29' },
      { id: 5, text: '30-35' },
      { id: 6, text: '35-40' },
      { id: 7, text: '40-45' },
      { id: 8, text: '45-50' },
      { id: 9, text: 'Más de 50' },
    ],
  },
  {
    id: 3,
    key: 'q_3',
    text: '¿Qué tipo de relación estás buscando?',
    options: [
      { id: 10, text: 'Una relación seria' },
      { id: 11, text: 'Conocer gente y ver qué pasa' },
      { id: 12, text: 'Empezar como amigos' },
    ],
  },
  {
    id: 4,
    key: 'q_4',
    text: '¿Cómo te describen tus amigos?',
    options: [
      { id: 13, text: 'Platicador/a y extrovertido/a' },
      { id: 14, text: 'Tranquilo/a y buen/a para escuchar' },
      { id: 15, text: 'Divertido/a y ocurrente' },
      { id: 16, text: 'Responsable y organizado/a' },
    ],
  },
  {
    id: 5,
    key: 'q_5',
    text: '¿Qué estado civil buscas en tu pareja?',
    options: [
      { id: 17, text: 'Soltera' },
      { id: 18, text: 'Soltero/a' },
      { id: 19, text: 'Divorciado/a' },
      { id: 20, text: 'No importa' },
    ],
  },
  {
    id: 6,
    key: 'q_6',
    text: '¿Qué piensas sobre tener hijos?',
    options: [
      { id: 21, text: 'Quiero tener' },
      { id: 22, text: 'Ya tengo y quiero más' },
      { id: 23, text: 'Ya tengo y no quiero más' },
      { id: 24, text: 'No quiero tener' },
      { id: 25, text: 'Todavía no lo sé' },
    ],
  },
  {
    id: 7,
    key: 'q_7',
    text: '¿Cuál es tu plan ideal para un fin de semana?',
    options: [
      { id: 26, text: 'Salir a bailar o de fiesta' },
      { id: 27, text: 'Una carnita asada con familia y amigos' },
      { id: 28, text: 'Una escapada a la playa o a un pueblo mágico' },
      { id: 29, text: 'Quedarme en casa viendo series' },
    ],
  },
  {
    id: 8,
    key: 'q_8',
    text: '¿Cómo es tu ritmo de vida?',
    options: [
      { id: 30, text: 'Muy activo, siempre ando haciendo algo' },
      { id: 31, text: 'Equilibrado' },
      { id: 32, text: 'Tranquilo, me gusta ir sin prisas' },
    ],
  },
  {
    id: 9,
    key: 'q_9',
    text: '¿Cómo te llevas con las mascotas?',
    options: [
      { id: 33, text: 'Tengo y son parte de la familia' },
      { id: 34, text: 'Me encantan, pero no tengo' },
      { id: 35, text: 'Prefiero no tener' },
    ],
  },
  {
    id: 10,
    key: 'q_10',
    text: '¿Cómo manejas tu dinero?',
    options: [
      { id: 36, text: 'Ahorro todo lo que puedo' },
      { id: 37, text: 'Ahorro, pero también me doy mis gustos' },
      { id: 38, text: 'Vivo el momento' },
    ],
  },
  {
    id: 11,
    key: 'q_11',
    text: '¿Fumas?',
    options: [
      { id: 39, text: 'No fumo' },
      { id: 40, text: 'Solo en fiestas' },
      { id: 41, text: 'Sí, fumo' },
    ],
  },
  {
    id: 12,
    key: 'q_12',
    text: '¿Tomas bebidas alcohólicas?',
    options: [
      { id: 42, text: 'No tomo' },
      { id: 43, text: 'Solo en reuniones' },
      { id: 44, text: 'Sí, con frecuencia' },
    ],
  },
  {
    id: 13,
    key: 'q_13',
    text: '¿Qué tan seguido haces ejercicio?',
    options: [
      { id: 45, text: 'Casi diario' },
      { id: 46, text: 'De vez en cuando' },
      { id: 47, text: 'Casi nunca' },
    ],
  },
  {
    id: 14,
    key: 'q_14',
    text: 'En pareja, ¿cuánto tiempo juntos te gusta pasar?',
    options: [
      { id: 48, text: 'Cercanía: hacer casi todo juntos' },
      { id: 49, text: 'Balance: tiempo juntos y tiempo para mí' },
      { id: 50, text: 'Distancia: necesito mi propio espacio' },
    ],
  },
  {
    id: 15,
    key: 'q_15',
    text: '¿Cómo demuestras tu cariño?',
    options: [
      { id: 51, text: 'Con palabras de afirmación' },
      { id: 52, text: 'Con tiempo de calidad' },
      { id: 53, text: 'Con regalos y detalles' },
      { id: 54, text: 'Con actos de servicio' },
      { id: 55, text: 'Con contacto físico' },
    ],
  },
  {
    id: 16,
    key: 'q_16',
    text: '¿Cómo te gusta recibir cariño?',
    options: [
      { id: 56, text: 'Con palabras de afirmación' },
      { id: 57, text: 'Con tiempo de calidad' },
      { id: 58, text: 'Con regalos y detalles' },
      { id: 59, text: 'Con actos de servicio' },
      { id: 60, text: 'Con contacto físico' },
    ],
  },
  {
    id: 17,
    key: 'q_17',
    text: '¿Cuánto tiempo pasas en redes sociales?',
    options: [
      { id: 61, text: 'Todo el día' },
      { id: 62, text: 'Un rato al día' },
      { id: 63, text: 'Casi nada' },
    ],
  },
  {
    id: 18,
    key: 'q_18',
    text: '¿Qué música no puede faltar en tu playlist?',
    options: [
      { id: 64, text: 'Regional mexicano' },
      { id: 65, text: 'Pop y reguetón' },
      { id: 66, text: 'Rock y alternativo' },
    ],
  },
  {
    id: 19,
    key: 'q_19',
    text: '¿Cómo te imaginas una primera cita?',
    options: [
      { id: 67, text: 'Un café y una buena plática' },
      { id: 68, text: 'Una cena en un lugar bonito' },
      { id: 69, text: 'Un concierto o un evento' },
      { id: 70, text: 'Una actividad al aire libre' },
    ],
  },
  {
    id: 20,
    key: 'q_20',
    text: '¿Cómo prefieres estar en contacto durante el día?',
    options: [
      { id: 71, text: 'Mensajes todo el día' },
      { id: 72, text: 'Una llamada en la noche' },
      { id: 73, text: 'Cuando se pueda, sin presión' },
    ],
  },
] as const satisfies readonly QuizQuestion[];

type Question = (typeof QUIZ_QUESTIONS)[number];

export type QuestionKey = Question['key'];

/** The option texts of one question, as a union of string literals. */
export type QuizOptionText<K extends QuestionKey> = Extract<Question, { key: K }>['options'][number]['text'];

export const QUESTION_KEYS: readonly QuestionKey[] = QUIZ_QUESTIONS.map((question) => question.key);

/** 'q_1' … 'q_20' from the question number. */
export function questionKey(n: number): QuestionKey {
  const question = QUIZ_QUESTIONS[n - 1];
  if (!Number.isInteger(n) || question === undefined) {
    throw new RangeError(`No existe la pregunta ${n}`);
  }
  return question.key;
}

function answerSchema<Q extends Question>(question: Q) {
  const texts = question.options.map((option) => option.text) as [string, ...string[]];
  // One message for a missing answer and for a text that is not an option of this question.
  return z.enum(texts, { error: `Elige una respuesta válida para la pregunta ${question.id}` });
}

type AnswersShape = {
  [K in QuestionKey]: z.ZodEnum<{ [T in QuizOptionText<K>]: T }>;
};

/** `{ q_1 … q_20 }`, each the text of one of that question's options. */
export const quizAnswersSchema = z.object(
  Object.fromEntries(
    QUIZ_QUESTIONS.map((question) => [question.key, answerSchema(question)]),
  ) as AnswersShape,
);

export type QuizAnswers = z.infer<typeof quizAnswersSchema>;
