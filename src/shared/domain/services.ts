import type { CategoryId } from './categories';
import { SERVICE_SUMMARIES, type ServiceSummary } from './service-summaries';

/** A service of the static catalogue (specification §3): its id is also its event category. */
export interface Service extends ServiceSummary {
  /** The long description of /servicio/{id}: what it is, how it works, who it is for, what it includes. */
  paragraphs: string[];
}

const PARAGRAPHS: Record<CategoryId, Pick<Service, 'paragraphs'>> = {
  'match-making': {
    paragraphs: [
      'Match Making es nuestro servicio más personal: en lugar de deslizar perfiles durante horas, una casamentera de Cita te conoce a fondo y se encarga de buscar a las personas que de verdad encajan contigo. Es la forma más tranquila y segura de conocer a alguien con intenciones serias.',
      'Todo empieza con una entrevista de una hora, en persona o por videollamada, en la que platicamos sobre tu historia, tus valores, tu estilo de vida y lo que buscas en una pareja. Después contestas nuestro cuestionario de compatibilidad de veinte preguntas, que nos ayuda a comparar tus respuestas con las de otras personas de la comunidad.',
      'Con esa información te proponemos perfiles afines. Solo cuando ambas partes aceptan conocerse, organizamos el primer encuentro y te acompañamos antes y después: te damos retroalimentación honesta y ajustamos la búsqueda según cómo te sentiste.',
      'Es para personas solteras de 25 años en adelante que ya saben lo que quieren, que tienen poco tiempo o que simplemente prefieren que alguien de confianza haga el primer filtro. No importa si es tu primera vez buscando pareja o si vuelves a empezar después de una relación larga.',
      'Incluye la entrevista inicial, el análisis de compatibilidad, las presentaciones que acuerdes con tu casamentera, la reservación del primer encuentro y seguimiento personal por WhatsApp. Tus datos nunca se muestran a nadie sin tu permiso.',
    ],
  },
  'speed-dating': {
    paragraphs: [
      'Speed Dating es la manera más divertida y eficiente de conocer a varias personas solteras en una sola noche. En cada evento tienes entre diez y doce citas de siete minutos, suficientes para saber si hay química y con ganas de platicar más.',
      'Al llegar te recibimos con una bebida de bienvenida y una tarjeta con tu número. Las mujeres permanecen en su mesa y los hombres cambian de lugar cuando suena la campana; en los eventos LGBTQ+ la rotación se organiza para que todas las personas se conozcan. Al final de la noche marcas en la app a quién te gustaría volver a ver.',
      'Al día siguiente te enviamos tus coincidencias: solo cuando dos personas se eligen mutuamente compartimos el contacto. Si nadie coincide, nadie se entera, así que no hay momentos incómodos.',
      'Es ideal si te cuesta conocer gente nueva en tu día a día, si te gusta el contacto cara a cara más que las aplicaciones o si quieres romper la rutina con amistades que también buscan pareja. Organizamos ediciones por rango de edad para que todos estén en la misma etapa de vida.',
      'Incluye la reservación en un bar o café seleccionado, la bebida de bienvenida, la coordinación de un anfitrión de Cita durante toda la dinámica y la lista de tus coincidencias mutuas al día siguiente.',
    ],
  },
  networking: {
    paragraphs: [
      'Nuestros eventos de Networking reúnen a profesionistas solteros que quieren ampliar su círculo social sin la formalidad de una cita. Aquí puedes hacer nuevas amistades, contactos de trabajo y, por qué no, encontrar a alguien especial.',
      'Cada encuentro se realiza en una terraza o salón en zonas como Santa Fe, Polanco o la Condesa. Un anfitrión guía dinámicas cortas para romper el hielo —preguntas, retos en equipo y rondas de presentación— y después el ambiente queda libre para platicar con quien quieras.',
      'La diferencia con un evento de networking tradicional es que todas las personas están solteras y saben a qué van: la conversación fluye con naturalidad y sin presiones. Si conectas con alguien, puedes marcar tu interés en su anuncio dentro de Cita.',
      'Está pensado para quienes trabajan muchas horas, se mudaron recientemente a la ciudad o sienten que su círculo social se quedó pequeño. Es un formato cómodo también para personas tímidas, porque la dinámica hace el trabajo de presentar.',
      'Incluye acceso al evento, canapés, una bebida, las dinámicas guiadas y la lista de asistentes que aceptaron compartir su perfil público.',
      'Te recomendamos llegar puntual, porque las dinámicas empiezan a la hora indicada, y traer ganas de platicar más que tarjetas de presentación. El código de vestimenta es casual de negocios.',
    ],
  },
  'encuentra-tribu': {
    paragraphs: [
      'Encuentra tu tribu junta a personas solteras alrededor de algo que disfrutan: caminatas, talleres de cocina, ciclismo urbano, clases de baile o visitas a museos. Compartir una actividad hace que conocer gente sea mucho más natural que sentarse frente a frente.',
      'Eliges la actividad que más te llame la atención en nuestro calendario de eventos y te inscribes. El día del evento un guía de Cita coordina el grupo, propone juegos para que todos se presenten y se asegura de que nadie se quede fuera de la conversación.',
      'Los grupos son pequeños, de quince a veinte personas, con un número equilibrado de asistentes. Después de la actividad solemos cerrar con una comida o un café, el momento perfecto para seguir platicando con quien te cayó bien.',
      'Es para quienes prefieren conocer gente haciendo cosas, para amantes de la naturaleza, la cultura o la comida, y para quienes buscan tanto pareja como amistades con sus mismos intereses.',
      'Incluye la actividad con guía, el material o equipo básico cuando se necesita, el refrigerio o comida de cierre indicado en cada evento y la coordinación de transporte en las salidas fuera de la ciudad.',
      'En la página de cada evento encontrarás el punto de reunión, el nivel de dificultad y lo que conviene llevar. Si la actividad se suspende por lluvia o por causas de fuerza mayor, te ofrecemos una nueva fecha o el reembolso completo.',
    ],
  },
  'elite-experience': {
    paragraphs: [
      'Elite Experience son escapadas y cenas exclusivas para un grupo pequeño de solteros seleccionados: catas de vino en Valle de Guadalupe, cenas de autor, fines de semana en haciendas y experiencias que se disfrutan mejor en buena compañía.',
      'Para participar llenas tu perfil y el cuestionario de compatibilidad; nuestro equipo revisa las solicitudes para formar grupos afines en edad, intereses y estilo de vida. Una vez confirmado tu lugar, nos encargamos de toda la logística.',
      'Durante la experiencia hay momentos en grupo y espacios para conversar con calma. Un concierge de Cita te acompaña todo el tiempo y, al final, te comparte con discreción el contacto de las personas con las que hubo interés mutuo.',
      'Está dirigido a profesionistas y emprendedores que valoran su tiempo y su privacidad, y que buscan una relación seria con alguien que comparta su nivel de compromiso.',
      'Incluye, según el evento, hospedaje, alimentos y bebidas, actividades privadas, traslados locales y la atención personalizada del concierge. Los detalles de cada experiencia aparecen en su página de evento.',
      'Los lugares son muy limitados para mantener el ambiente íntimo, así que te sugerimos reservar con anticipación. Si tu solicitud no encaja con el grupo de una fecha, te proponemos la siguiente experiencia que vaya más contigo.',
    ],
  },
  'blind-date': {
    paragraphs: [
      'Blind Date es una cita a ciegas organizada por Cita: te presentamos a una persona compatible contigo según tu cuestionario y tu perfil, y solo conocerás su nombre al llegar. Sin fotos previas, la primera impresión es la conversación.',
      'Primero contestas el cuestionario de compatibilidad y eliges una fecha disponible. Nuestro equipo revisa las respuestas de los participantes y forma parejas con la mayor afinidad posible. Unos días antes te confirmamos el restaurante y la hora.',
      'La cena es en un restaurante seleccionado, en una mesa reservada a nombre de Cita. Al terminar, cada quien nos dice si le gustaría volver a ver a la otra persona; si ambos dicen que sí, compartimos sus datos de contacto.',
      'Es para quienes quieren salir de la lógica de las apariencias, para personas curiosas y abiertas a sorprenderse, y para quienes prefieren que alguien haga la elección con criterio.',
      'Incluye la selección de tu pareja de cita según el cuestionario, la reservación, una cena de tres tiempos con bebida y el seguimiento posterior para saber si hubo conexión.',
      'Tu seguridad es lo primero: la cita siempre es en un lugar público, el restaurante conoce la dinámica y puedes escribirnos por WhatsApp en cualquier momento de la noche si algo no te hace sentir a gusto.',
    ],
  },
  party: {
    paragraphs: [
      'Nuestras Singles Party son fiestas temáticas donde todas las personas están solteras y con ganas de pasarla bien: noches de salsa, fiestas de los ochenta, posadas y celebraciones de temporada en los mejores bares de la ciudad.',
      'Cada fiesta empieza con una dinámica ligera para romper el hielo —una clase de baile para principiantes, un juego de pulseras de colores o una trivia— y después la pista y la barra quedan abiertas. No necesitas llegar con pareja ni saber bailar.',
      'Nuestro equipo cuida el ambiente durante toda la noche: el acceso es solo para personas inscritas, el aforo está equilibrado y hay anfitriones atentos a que todo el mundo se sienta cómodo y seguro.',
      'Es para quienes disfrutan la música, el baile y los ambientes festivos, y prefieren conocer gente de forma espontánea. Es un buen primer evento si nunca has ido a uno de Cita.',
      'Incluye el acceso a la fiesta, la dinámica de bienvenida, una bebida de cortesía y la posibilidad de marcar interés en los anuncios de otros asistentes al día siguiente.',
      'Los boletos se venden por separado para mujeres y hombres para mantener el aforo equilibrado, y suelen agotarse; si ves la etiqueta de agotado, anótate en la lista de espera desde la página del evento y te avisamos por correo si se libera un lugar.',
    ],
  },
};

/** The seven services, in the order of the event categories. */
export const SERVICES: Service[] = SERVICE_SUMMARIES.map((summary) => ({
  ...summary,
  ...PARAGRAPHS[summary.id],
}));

export function findService(id: string): Service | undefined {
  return SERVICES.find((service) => service.id === id);
}
