import type { CategoryId } from '../../shared/domain/categories';
import type { CityCode } from '../../shared/domain/cities';

/** Demo events: every category and every status, some past, some sold out. Days are offsets from today. */
export const DEMO_EVENTS: {
  name: string;
  dayOffset: number | null;
  hour: string | null;
  description: string;
  price_m: number;
  price_w: number;
  limit_m: number;
  limit_w: number;
  occupation: 0 | 1;
  status_id: 0 | 1 | 2 | 3;
  categories: CategoryId[];
  /** Where it happens (docs/design/11-night-out.md): a code of src/shared/domain/cities.ts. */
  city: CityCode;
  venue: string;
  address: string;
  duration_minutes: number;
  age_min?: number;
  age_max?: number;
}[] = [
  {
    name: 'Speed Dating en la Roma',
    dayOffset: 6,
    hour: '20:00',
    description:
      'Citas de siete minutos en un bar íntimo de la colonia Roma. Incluye una bebida de bienvenida y la lista de tus coincidencias al día siguiente.',
    price_m: 450,
    price_w: 350,
    limit_m: 12,
    limit_w: 3,
    occupation: 0,
    status_id: 1,
    categories: ['speed-dating'],
    city: 'cdmx',
    venue: 'Bar La Azotea de Orizaba',
    address: 'Orizaba 101, Roma Norte, Cuauhtémoc',
    duration_minutes: 150,
  },
  {
    name: 'Blind Date: cena a ciegas en Polanco',
    dayOffset: 10,
    hour: '21:00',
    description:
      'Te presentamos a alguien compatible contigo según tu quiz. Cena de tres tiempos en un restaurante de Polanco; solo sabrás su nombre al llegar.',
    price_m: 1200,
    price_w: 1200,
    limit_m: 8,
    limit_w: 8,
    occupation: 1,
    status_id: 1,
    categories: ['blind-date', 'match-making'],
    city: 'cdmx',
    venue: 'Restaurante Alma de Polanco',
    address: 'Av. Presidente Masaryk 250, Polanco',
    duration_minutes: 180,
  },
  {
    name: 'Networking para solteros profesionistas',
    dayOffset: 14,
    hour: '19:30',
    description:
      'Conoce gente que comparte tu ritmo de vida. Dinámicas cortas para romper el hielo, terraza y canapés en San Pedro Garza García.',
    price_m: 500,
    price_w: 500,
    limit_m: 30,
    limit_w: 30,
    occupation: 1,
    status_id: 1,
    categories: ['networking'],
    city: 'monterrey',
    venue: 'Terraza Valle Oriente',
    address: 'Av. Lázaro Cárdenas 1000, San Pedro Garza García',
    duration_minutes: 150,
    age_min: 28,
    age_max: 45,
  },
  {
    name: 'Encuentra tu tribu: senderismo en el Desierto de los Leones',
    dayOffset: 18,
    hour: '08:00',
    description:
      'Caminata guiada de 8 km para solteros que aman la naturaleza. Termina con un almuerzo campestre. Lleva tenis y ganas de platicar.',
    price_m: 380,
    price_w: 380,
    limit_m: 15,
    limit_w: 15,
    occupation: 0,
    status_id: 1,
    categories: ['encuentra-tribu'],
    city: 'cdmx',
    venue: 'Parque Nacional Desierto de los Leones',
    address: 'Camino al Desierto de los Leones s/n, Cuajimalpa',
    duration_minutes: 300,
  },
  {
    name: 'Elite Experience: cata de vinos en Valle de Guadalupe',
    dayOffset: 25,
    hour: '13:00',
    description:
      'Un fin de semana de cata, maridaje y atardeceres entre viñedos con un grupo reducido y seleccionado de solteros.',
    price_m: 6500,
    price_w: 6500,
    limit_m: 10,
    limit_w: 10,
    occupation: 1,
    status_id: 1,
    categories: ['elite-experience'],
    city: 'tijuana',
    venue: 'Viñedo Las Nubes del Valle',
    address: 'Carretera Tecate–Ensenada km 73, Valle de Guadalupe',
    duration_minutes: 480,
    age_min: 30,
    age_max: 55,
  },
  {
    name: 'Singles Party: noche de salsa',
    dayOffset: 8,
    hour: '22:00',
    description:
      'Clase de salsa para principiantes y después pista abierta toda la noche. ¡No necesitas pareja!',
    price_m: 300,
    price_w: 250,
    limit_m: 2,
    limit_w: 2,
    occupation: 0,
    status_id: 2,
    categories: ['party'],
    city: 'guadalajara',
    venue: 'Salón La Clave',
    address: 'Av. Chapultepec 215, Col. Americana',
    duration_minutes: 240,
  },
  {
    name: 'Match Making: sesión con nuestra casamentera',
    dayOffset: 4,
    hour: '17:00',
    description:
      'Sesión personal de una hora para entender lo que buscas y presentarte perfiles afines de nuestra comunidad.',
    price_m: 900,
    price_w: 900,
    limit_m: 6,
    limit_w: 6,
    occupation: 0,
    status_id: 1,
    categories: ['match-making'],
    city: 'queretaro',
    venue: 'Estudio Cita Querétaro',
    address: 'Av. Zaragoza 45, Centro Histórico',
    duration_minutes: 60,
  },
  {
    name: 'Speed Dating 35+ en Coyoacán',
    dayOffset: 12,
    hour: '19:00',
    description: 'Citas rápidas para mayores de 35 en una cafetería con jardín en el centro de Coyoacán.',
    price_m: 420,
    price_w: 380,
    limit_m: 10,
    limit_w: 10,
    occupation: 0,
    status_id: 3,
    categories: ['speed-dating'],
    city: 'cdmx',
    venue: 'Café Jardín de Coyoacán',
    address: 'Francisco Sosa 120, Coyoacán',
    duration_minutes: 120,
    age_min: 35,
    age_max: 50,
  },
  {
    name: 'Fiesta de Año Nuevo para solteros',
    dayOffset: 40,
    hour: '21:30',
    description: 'Evento pospuesto: pronto anunciaremos la nueva fecha.',
    price_m: 800,
    price_w: 800,
    limit_m: 50,
    limit_w: 50,
    occupation: 0,
    status_id: 0,
    categories: ['party'],
    city: 'merida',
    venue: 'Hacienda Xcanatún',
    address: 'Carretera Mérida–Progreso km 12',
    duration_minutes: 300,
  },
  {
    name: 'Speed Dating de otoño',
    dayOffset: -20,
    hour: '20:00',
    description: 'Nuestra edición de otoño: 22 asistentes y 9 coincidencias mutuas.',
    price_m: 400,
    price_w: 300,
    limit_m: 11,
    limit_w: 11,
    occupation: 0,
    status_id: 1,
    categories: ['speed-dating'],
    city: 'cdmx',
    venue: 'Bar La Azotea de Orizaba',
    address: 'Orizaba 101, Roma Norte, Cuauhtémoc',
    duration_minutes: 120,
  },
  {
    name: 'Networking sin fecha confirmada',
    dayOffset: null,
    hour: null,
    description: 'Estamos buscando sede. Regístrate en nuestras redes para enterarte primero.',
    price_m: 350,
    price_w: 350,
    limit_m: 20,
    limit_w: 20,
    occupation: 1,
    status_id: 1,
    categories: ['networking'],
    city: 'puebla',
    venue: '',
    address: '',
    duration_minutes: 120,
  },
];

/** Demo clients; advert: 'visible', 'pending' (text awaiting approval), 'hidden' or none. */
export const DEMO_CLIENTS: {
  first_name: string;
  last_name: string;
  gender: 1 | 2 | 3;
  birthday: string;
  occupation: string;
  phone: string;
  instagram: string;
  advert: 'visible' | 'pending' | 'hidden' | 'none';
  description: string;
}[] = [
  {
    first_name: 'Mariana',
    last_name: 'López',
    gender: 1,
    birthday: '1993-04-12',
    occupation: 'Arquitecta',
    phone: '5512345601',
    instagram: 'mariana.lz',
    advert: 'visible',
    description:
      'Me encanta recorrer mercados los domingos y cocinar lo que encuentro. Busco a alguien curioso y risueño.',
  },
  {
    first_name: 'Carlos',
    last_name: 'Hernández',
    gender: 2,
    birthday: '1990-09-03',
    occupation: 'Ingeniero de software',
    phone: '5512345602',
    instagram: 'carlos.hdz',
    advert: 'visible',
    description: 'Corredor de medio maratón, fan del café de especialidad y de los viajes por carretera.',
  },
  {
    first_name: 'Sofía',
    last_name: 'Ramírez',
    gender: 1,
    birthday: '1988-01-25',
    occupation: 'Médica pediatra',
    phone: '5512345603',
    instagram: 'sofi.ramirez',
    advert: 'visible',
    description: 'Trabajo mucho pero mis fines de semana son sagrados: cine, vino y buena plática.',
  },
  {
    first_name: 'Diego',
    last_name: 'Martínez',
    gender: 2,
    birthday: '1986-06-30',
    occupation: 'Chef',
    phone: '5512345604',
    instagram: 'chef.diego',
    advert: 'visible',
    description: 'Cocino para vivir y vivo para cocinar. Te invito a probar mi mole.',
  },
  {
    first_name: 'Alex',
    last_name: 'Torres',
    gender: 3,
    birthday: '1995-11-08',
    occupation: 'Diseñadore gráfico',
    phone: '5512345605',
    instagram: 'alex.torres.art',
    advert: 'visible',
    description: 'Ilustración, conciertos y perros rescatados. Busco conexión real, sin prisas.',
  },
  {
    first_name: 'Valeria',
    last_name: 'Gómez',
    gender: 1,
    birthday: '1991-02-14',
    occupation: 'Abogada',
    phone: '5512345606',
    instagram: 'vale.gomez',
    advert: 'pending',
    description: 'Amante del yoga y de las novelas largas.',
  },
  {
    first_name: 'Javier',
    last_name: 'Flores',
    gender: 2,
    birthday: '1984-08-19',
    occupation: 'Contador',
    phone: '5512345607',
    instagram: '',
    advert: 'pending',
    description: 'Papá de una niña increíble. Me gusta el fútbol y las carnes asadas.',
  },
  {
    first_name: 'Lucía',
    last_name: 'Castillo',
    gender: 1,
    birthday: '1997-07-07',
    occupation: 'Estudiante de posgrado',
    phone: '5512345608',
    instagram: 'lucia.cast',
    advert: 'hidden',
    description: 'Bióloga marina en formación. Si te gusta bucear, hablemos.',
  },
  {
    first_name: 'Fernando',
    last_name: 'Ruiz',
    gender: 2,
    birthday: '1979-03-22',
    occupation: 'Empresario',
    phone: '5512345609',
    instagram: 'fer.ruiz',
    advert: 'visible',
    description: 'Divorciado, tranquilo y con ganas de volver a compartir la vida.',
  },
  {
    first_name: 'Daniela',
    last_name: 'Morales',
    gender: 1,
    birthday: '1985-12-01',
    occupation: 'Psicóloga',
    phone: '5512345610',
    instagram: 'dani.morales',
    advert: 'visible',
    description: 'Escucho mucho y me río más. Viajera frecuente a Oaxaca.',
  },
  {
    first_name: 'Sam',
    last_name: 'Navarro',
    gender: 3,
    birthday: '1992-05-16',
    occupation: 'Productore musical',
    phone: '5512345611',
    instagram: 'sam.navarro',
    advert: 'visible',
    description: 'Vivo entre sintetizadores y tacos al pastor. Busco a alguien con quien ir a festivales.',
  },
  {
    first_name: 'Ricardo',
    last_name: 'Vega',
    gender: 2,
    birthday: '1994-10-10',
    occupation: 'Profesor de educación física',
    phone: '5512345612',
    instagram: '',
    advert: 'none',
    description: '',
  },
  {
    first_name: 'Paola',
    last_name: 'Jiménez',
    gender: 1,
    birthday: '1989-09-09',
    occupation: 'Mercadóloga',
    phone: '5512345613',
    instagram: 'pao.jimenez',
    advert: 'visible',
    description: 'Fan del teatro, los museos y las escapadas a Tepoztlán.',
  },
  {
    first_name: 'Tomás',
    last_name: 'Aguilar',
    gender: 2,
    birthday: '1982-04-04',
    occupation: 'Piloto aviador',
    phone: '5512345614',
    instagram: 'tomas.vuela',
    advert: 'hidden',
    description: 'Conozco medio mundo y quiero conocerte a ti.',
  },
];

/**
 * Every demo client has an approved portrait; these get one more: [client index, status], 2
 * approved (a gallery to swipe), 1 pending (the admin dashboard's moderation queue).
 */
export const DEMO_EXTRA_PHOTOS: readonly (readonly [number, 1 | 2])[] = [
  [0, 2],
  [3, 2],
  [1, 1],
  [4, 1],
];

/** Index into DEMO_CLIENTS: the client the README and the tests log in as. */
export const DEMO_CLIENT_INDEX = 0;
export const DEMO_CLIENT_EMAIL = 'mariana@demo.cita.mx';
export const DEMO_CLIENT_PASSWORD = 'cita-demo-2026';
export const DEMO_ADMIN_EMAIL = 'admin@cita.mx';

export function demoEmail(index: number): string {
  if (index === DEMO_CLIENT_INDEX) return DEMO_CLIENT_EMAIL;
  const client = DEMO_CLIENTS[index]!;
  return `${client.first_name}.${client.last_name}`
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .concat('@demo.cita.mx');
}

/** Interests between demo clients (indexes): one-way pairs and mutual pairs. */
export const DEMO_ONE_WAY_INTERESTS: [number, number][] = [
  [0, 8],
  [5, 1],
  [2, 3],
  [9, 1],
  [12, 3],
  [6, 0],
];
export const DEMO_MUTUAL_INTERESTS: [number, number][] = [
  [0, 1],
  [4, 10],
  [2, 8],
  [0, 13],
];

/**
 * Sign-ups holding a place (client index, event index, confirmed?). Confirmed ones get a ticket;
 * those of a past event also checked in at the door.
 */
export const DEMO_SIGN_UPS: [number, number, boolean][] = [
  [0, 0, true],
  [1, 0, true],
  [2, 0, false],
  [3, 0, false],
  [4, 0, false],
  [5, 0, false],
  [0, 9, true],
  [1, 9, true],
  [2, 9, true],
  [3, 9, true],
  [7, 9, false],
  [0, 5, true],
  [2, 5, true],
  [1, 5, true],
  [3, 5, true],
  [9, 1, false],
  [8, 1, false],
];

/** The waiting list (client index, event index), in sign-up order: the Roma's women's places are full. */
export const DEMO_WAITING: [number, number][] = [
  [7, 0],
  [9, 0],
];
