import { Link } from 'react-router';
import { CONTACT } from '../../../shared/domain/contact';
import { formatCalendarDate } from '../../../shared/domain/mexico-dates';
import { PRIVACY_NOTICE_VERSION } from '../../../shared/domain/privacy';
import { usePageTitle } from '../../components/use-page-title';

interface NoticeSection {
  title: string;
  paragraphs: string[];
  items?: string[];
}

/**
 * The privacy notice ("aviso de privacidad integral") with the elements that the Ley Federal de
 * Protección de Datos Personales en Posesión de los Particulares (art. 16) and its regulations ask for.
 */
const SECTIONS: NoticeSection[] = [
  {
    title: '1. Identidad y domicilio del responsable',
    paragraphs: [
      `${CONTACT.legalName} (en adelante, «Cita»), con domicilio en ${CONTACT.address}, es responsable del tratamiento de sus datos personales, del uso que se les dé y de su protección, en términos de la Ley Federal de Protección de Datos Personales en Posesión de los Particulares (la «Ley»), su Reglamento y los Lineamientos del Aviso de Privacidad.`,
    ],
  },
  {
    title: '2. Datos personales que recabamos',
    paragraphs: [
      'Recabamos sus datos cuando se registra en el sitio, completa su perfil o su anuncio, contesta el cuestionario de compatibilidad, se inscribe a un evento o se comunica con nosotros. Los datos que tratamos son:',
    ],
    items: [
      'Datos de identificación: nombre, apellidos, fecha de nacimiento, edad y género.',
      'Datos de contacto: correo electrónico, teléfono y usuario de Instagram.',
      'Datos laborales: ocupación.',
      'Datos de su perfil público: el texto de su anuncio.',
      'Datos de uso del servicio: eventos a los que se inscribe y asiste, intereses que marca y recibe, y fecha de registro.',
      'Fotografías: las imágenes que suba a su perfil, si decide hacerlo; se muestran solo a personas con sesión iniciada.',
      'Elecciones en eventos: las personas que marque en un evento como alguien a quien le gustaría volver a ver. Solo se comparten cuando la elección es mutua.',
      'Invitaciones: si se registró con el enlace de otra persona, quién le invitó y cuándo llegó a su primera noche; si usted invita, su enlace, cuántas personas se registraron con él y cuántas ya vinieron, y los códigos de descuento que ganó por ello.',
      'Seguridad de la comunidad: las personas que bloquea y los reportes que hace o que otras personas hacen sobre usted (motivo, comentario y lo que resolvió el equipo de Cita).',
      'Registro de su consentimiento: la fecha de la versión de este aviso que aceptó y el momento en que lo hizo.',
      'Datos de pago de los eventos, que son tratados directamente por el procesador de pagos y no se almacenan en Cita.',
    ],
  },
  {
    title: '3. Datos personales sensibles',
    paragraphs: [
      'Para prestar nuestros servicios de encuentro, tratamos datos que la Ley considera sensibles: sus preferencias sexuales y afectivas (el género de las personas que desea conocer), su situación sentimental, su deseo de tener hijos y sus respuestas al cuestionario sobre su forma de vivir las relaciones de pareja.',
      'Indicar que su género es LGBTQ+ también revela su orientación sexual, un dato sensible.',
      'Datos biométricos, solo si pide la «Foto verificada»: en /verificacion, después de aceptar expresamente ese tratamiento en la misma página, la cámara toma dos selfies con los gestos que pide el sitio. Un programa de reconocimiento facial que corre en nuestro propio servidor (ninguna imagen sale de él) compara sus rostros con sus fotos aprobadas y una persona del equipo decide. Las selfies se borran al decidir, y a más tardar a los 30 días; conservamos la decisión, su fecha, los gestos, las puntuaciones de la comparación y qué fotos se verificaron, y una huella (sha256) de cada archivo de selfie, que no identifica a nadie, para no aceptar dos veces la misma. Puede retirar este consentimiento cuando quiera en /verificacion: borramos al momento sus selfies y el distintivo de foto verificada.',
      'En la entrada de un evento, el personal compara su rostro con su foto principal; si coincide, su perfil muestra «Verificada en persona» con el mes. No se toma ninguna imagen.',
      'Estos datos solo se tratan con su consentimiento expreso, que usted otorga por medios electrónicos al marcar la casilla de aceptación de este aviso al registrarse; sin esa casilla no se crea la cuenta. Guardamos la fecha de la versión del aviso que aceptó y el momento en que lo hizo. Nunca se publican en su anuncio y solo los consulta el personal autorizado de Cita para proponerle personas compatibles.',
    ],
  },
  {
    title: '4. Finalidades del tratamiento',
    paragraphs: ['Finalidades primarias, necesarias para el servicio que nos solicita:'],
    items: [
      'Crear y administrar su cuenta, su perfil y su anuncio, incluida la revisión de anuncios antes de publicarlos.',
      'Calcular su compatibilidad con otras personas usuarias y proponerle encuentros.',
      'Inscribirle en eventos, confirmar su lugar, y enviarle los detalles y recordatorios del evento.',
      'Avisarle cuando exista un interés mutuo y compartir sus datos de contacto únicamente con esa persona.',
      'Si se registró con el enlace de alguien, darle a esa persona el código de la recompensa por invitación cuando usted llegue a su primera noche; solo le decimos su nombre de pila, nunca sus demás datos.',
      'Atender sus solicitudes, dudas, quejas y el ejercicio de sus derechos.',
      'Cumplir obligaciones legales y prevenir fraudes o conductas que pongan en riesgo a la comunidad: atender los reportes, ocultar anuncios o desactivar cuentas que incumplan las reglas, y respetar los bloqueos entre personas usuarias.',
    ],
  },
  {
    title: 'Finalidades secundarias',
    paragraphs: [
      'De manera adicional, si usted lo elige en «Configuración» («Quiero recibir novedades de eventos»), le enviaremos novedades sobre nuestros eventos, a lo más dos correos por semana; puede dejar de recibirlas ahí mismo o con el enlace de cada correo. También usaremos sus datos para preguntarle cómo estuvo una noche a la que asistió y para estadísticas internas. Estas finalidades no son necesarias para el servicio; si no desea que sus datos se traten para ellas, puede indicarlo en cualquier momento escribiendo a la dirección de la sección 7. Su negativa no será motivo para negarle nuestros servicios.',
    ],
  },
  {
    title: '5. Transferencias de datos',
    paragraphs: [
      'Cita no vende ni renta sus datos personales. Solo los compartimos en estos casos, que conforme al artículo 37 de la Ley no requieren su consentimiento:',
    ],
    items: [
      'Con los establecimientos sede de un evento, a quienes damos únicamente el nombre de las personas inscritas para controlar el acceso.',
      'Con autoridades competentes, cuando lo exija una ley o un mandamiento judicial.',
    ],
  },
  {
    title: 'Remisiones a encargados',
    paragraphs: [
      'Algunos proveedores tratan datos por cuenta de Cita y bajo nuestras instrucciones, como el servicio de alojamiento del sitio, el de envío de correos y el procesador de pagos. Están obligados por contrato a mantener la confidencialidad y la seguridad de la información.',
    ],
  },
  {
    title: '6. Derechos ARCO',
    paragraphs: [
      'Usted tiene derecho a conocer qué datos personales tenemos de usted y para qué los usamos (Acceso); a solicitar la corrección de su información si está desactualizada, es inexacta o incompleta (Rectificación); a que la eliminemos de nuestros registros cuando considere que no se está utilizando adecuadamente (Cancelación); y a oponerse al uso de sus datos para fines específicos (Oposición).',
    ],
  },
  {
    title: '7. Cómo ejercer sus derechos ARCO',
    paragraphs: [
      `Envíe su solicitud al correo ${CONTACT.privacyEmail} o entréguela en nuestro domicilio. La solicitud debe contener: su nombre y un medio para comunicarle la respuesta; una copia de su identificación oficial o, en su caso, la de su representante legal y el documento que acredite la representación; la descripción clara del derecho que desea ejercer y de los datos involucrados; y cualquier documento que facilite la localización de sus datos. Para rectificaciones, indique la corrección e incluya la documentación que la respalde.`,
      'Acceso inmediato: con su sesión iniciada, en «Configuración» el botón «Descargar mis datos» le entrega al momento un archivo JSON con todos los datos personales que Cita guarda sobre usted: perfil, anuncio, fotografías, intereses, inscripciones, respuestas del cuestionario, elecciones, invitaciones, bloqueos, reportes que ha hecho y su consentimiento.',
      'Cancelación inmediata: en «Configuración», «Desactivar cuenta» elimina sus datos personales de forma permanente. Para cumplir la promesa de que ese correo no vuelva a usarse, solo conservamos una huella cifrada con una clave secreta (no la dirección), que permite rechazar un nuevo registro o inicio de sesión con ese correo pero no permite conocerlo. Los reportes sobre otras personas se conservan sin el comentario que usted escribió.',
      'Le responderemos en un plazo máximo de 20 días hábiles contados desde la recepción de su solicitud y, si resulta procedente, la haremos efectiva dentro de los 15 días hábiles siguientes. La respuesta se enviará al correo desde el que nos escribió. El ejercicio de estos derechos es gratuito; solo podrían cobrarse los gastos justificados de envío o de reproducción de copias.',
      'También puede actualizar sus datos de perfil desde la sección «Mi perfil» y eliminar su cuenta y sus datos desde «Configuración».',
    ],
  },
  {
    title: '8. Revocación del consentimiento',
    paragraphs: [
      `Puede revocar en cualquier momento el consentimiento que nos otorgó para el tratamiento de sus datos, escribiendo a ${CONTACT.privacyEmail} con los mismos requisitos de la sección anterior. Tenga en cuenta que, por alguna obligación legal, no siempre podremos atender su solicitud o concluir el uso de forma inmediata, y que revocar el consentimiento para las finalidades primarias implica que ya no podremos prestarle el servicio.`,
    ],
  },
  {
    title: '9. Opciones para limitar el uso o la divulgación de sus datos',
    paragraphs: [
      'Además de los medios anteriores, puede inscribirse en el Registro Público para Evitar Publicidad (REPEP) de la Procuraduría Federal del Consumidor para dejar de recibir publicidad por teléfono. Si desea dejar de recibir nuestros correos promocionales, use el enlace para darse de baja incluido en cada mensaje.',
    ],
  },
  {
    title: '10. Uso de cookies y tecnologías similares',
    paragraphs: [
      'Nuestro sitio usa una cookie de sesión, necesaria para mantenerle dentro de su cuenta de forma segura, y el almacenamiento local de su navegador para recordar si inició sesión y, si llegó con el enlace de una invitación, para recordarla mientras crea su cuenta. No usamos cookies publicitarias ni de rastreo de terceros. Puede borrar las cookies desde la configuración de su navegador; si lo hace, tendrá que volver a iniciar sesión.',
    ],
  },
  {
    title: '11. Cambios al aviso de privacidad',
    paragraphs: [
      'Este aviso puede modificarse por cambios en la ley, en nuestros servicios o en nuestras prácticas de privacidad. Publicaremos cualquier cambio en esta misma página, indicando la fecha de la última actualización, y le avisaremos por correo electrónico cuando el cambio afecte las finalidades o las transferencias de sus datos.',
      'Si considera que su derecho a la protección de sus datos personales ha sido vulnerado, puede acudir ante la autoridad garante en materia de protección de datos personales.',
    ],
  },
];

export function PrivacyPage() {
  usePageTitle('Aviso de privacidad');
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 leading-relaxed">
      <h1 className="text-3xl font-bold md:text-4xl">Aviso de privacidad integral</h1>
      <p className="mt-2 text-sm font-semibold text-muted">
        Última actualización: {formatCalendarDate(PRIVACY_NOTICE_VERSION)}
      </p>
      {SECTIONS.map((section) => (
        <section key={section.title} className="mt-8">
          <h2 className="text-xl font-semibold">{section.title}</h2>
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph} className="mt-3">
              {paragraph}
            </p>
          ))}
          {section.items ? (
            <ul className="mt-3 list-disc space-y-1 pl-6">
              {section.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <p className="mt-10 text-sm text-muted">
        ¿Dudas sobre este aviso?{' '}
        <Link to="/contacto" className="font-semibold text-accent underline">
          Contáctanos
        </Link>
        .
      </p>
    </article>
  );
}
