import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/**
 * One interface per table. Dates are 'YYYY-MM-DD' text, times 'HH:MM' text and timestamps
 * ISO-8601 UTC text so that SQLite and PostgreSQL store and compare them the same way.
 * Flags are 0/1 integers for the same reason.
 */
export interface ClientTable {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  /** Lower-cased on write: uniqueness is case-insensitive. */
  email: string;
  phone: string;
  birthday: string | null;
  gender: number;
  occupation: string;
  instagram: string;
  password_hash: string;
  /** 1 active, 2 inactive (deleted by an admin, reversible), 3 erased by the client. */
  status_id: number;
  date_creation: string;
  /** Name, e-mail and phone folded by clientSearchText (lower case, no accents): what search matches. */
  search_text: string;
  /** The date line of the privacy notice the client accepted at sign-up (docs/design/13-trust.md). */
  privacy_consent_version: ColumnType<string | null, string | null | undefined, string | null>;
  privacy_consent_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** 1: only verified members may show her interest (docs/design/27-verified.md). */
  only_verified_interest: ColumnType<number, number | undefined, number>;
}

export interface AdvertTable {
  id: Generated<number>;
  client_id: number;
  /** 1 visible, 2 not shown. */
  status_id: number;
  description: string;
  /** Pending text awaiting approval; null when nothing is pending. */
  description_update: string | null;
  /** Visibility requested with the pending text. */
  status_update: number | null;
  updated_at: string;
}

export interface InterestTable {
  id: Generated<number>;
  client_id: number;
  target_client_id: number;
  /** 1 one-way, 2 mutual. */
  status_id: number;
  contacted: number;
  created_at: string;
  /** The client's and the target's search_text, apart by a line break (matches/interests/pair-search-text.ts). */
  search_text: string;
}

export interface EventTable {
  id: Generated<number>;
  name: string;
  day: string | null;
  hour: string | null;
  description: string;
  price_m_cents: number;
  price_w_cents: number;
  limit_m: number;
  limit_w: number;
  occupation: number;
  /** 0 deleted, 1 confirmed, 2 sold out, 3 suspended. */
  status_id: number;
  /** The uploaded picture; null while the event shows its category's picture. */
  image_id: number | null;
  created_at: string;
  updated_at: string;
  venue: ColumnType<string, string | undefined, string>;
  address: ColumnType<string, string | undefined, string>;
  /** A code of src/shared/domain/cities.ts. */
  city: ColumnType<string, string | undefined, string>;
  duration_minutes: ColumnType<number, number | undefined, number>;
  age_min: ColumnType<number | null, number | null | undefined, number | null>;
  age_max: ColumnType<number | null, number | null | undefined, number | null>;
  /** Length of one speed-dating round (docs/design/12-match-cards.md). */
  round_minutes: ColumnType<number, number | undefined, number>;
  /** When the match cards were closed and mutual picks became mutual interests; null while open. */
  picks_closed_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name folded by foldForSearch: what the back office's event search matches. */
  search_text: string;
}

export interface EventCategoryTable {
  event_id: number;
  category: string;
}

export interface AssistanceTable {
  id: Generated<number>;
  event_id: number;
  client_id: number;
  /** 1 registered, 2 confirmed, 3 waiting list, 4 cancelled. */
  status_id: number;
  contacted: number;
  /** Sign-up time; a cancelled member who signs up again gets a new one (the end of the queue). */
  created_at: string;
  /** Unguessable code of the door QR, set when confirmed (unique). */
  ticket: ColumnType<string | null, string | null | undefined, string | null>;
  /** The ticket's short code typed at the door, set with the ticket (unique within the event). */
  door_code: ColumnType<string | null, string | null | undefined, string | null>;
  /** When the attendee was checked in at the door; null until then. */
  checked_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** On a paid event: when the unpaid hold of this place ends (status 1); null otherwise. */
  payment_due_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why a sign-up was cancelled (status 4): 'member', 'admin' or 'payment_expired'. */
  cancel_reason: ColumnType<string | null, string | null | undefined, string | null>;
  /** When this place was given to her from the waiting list; null for a place she signed up to. */
  promoted_at: ColumnType<string | null, string | null | undefined, string | null>;
  /**
   * What she pays for the place online, fixed when her hold starts (after any promo code); null for
   * a sign-up taken before prices were fixed, priced from the event.
   */
  amount_cents: ColumnType<number | null, number | null | undefined, number | null>;
  /** The early-bird step (its position) her price came from; null: the event's own price. */
  price_step: ColumnType<number | null, number | null | undefined, number | null>;
}

/** One early-bird price step of an event for one gender (docs/design/25-organizers.md). */
export interface EventPriceStepTable {
  id: Generated<number>;
  event_id: number;
  /** 1 women, 2 men. */
  gender: number;
  position: number;
  price_cents: number;
  until_day: string | null;
  places: number | null;
}

/** A promo code (docs/design/25-organizers.md): percent or pesos off, for some events and genders, within limits. */
export interface PromoCodeTable {
  id: Generated<number>;
  /** Upper case: codes are typed in any case. */
  code: string;
  /** Exactly one of percent_off (1–100) and amount_off_cents is set. */
  percent_off: number | null;
  amount_off_cents: number | null;
  /** Comma-separated gender codes it is for; null: everyone. */
  genders: string | null;
  max_uses: number | null;
  max_uses_per_member: number | null;
  valid_from: string | null;
  valid_until: string | null;
  created_at: string;
  updated_at: string;
  /** A personal code's owner, the only member who may use it; null once she is erased. */
  client_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** 1: a code a member earned (decision 0053), usable by its owner alone and not in the back office's list. */
  personal: ColumnType<number, number | undefined, number>;
  /** 1: it applies; 0: switched off by an admin, kept with its uses. */
  active: ColumnType<number, number | undefined, number>;
}

/** The events a code is for; a code with none is for every event. */
export interface PromoCodeEventTable {
  code_id: number;
  event_id: number;
}

/** A code held with a place: it counts against the limits until released (the place cancelled). */
export interface PromoCodeUseTable {
  id: Generated<number>;
  code_id: number;
  event_id: number;
  /** Null once the member's account is erased (the discount stays in the code's figures). */
  client_id: number | null;
  /** Null once the sign-up is removed ("Limpiar lista") or erased. */
  assistance_id: number | null;
  list_price_cents: number;
  discount_cents: number;
  created_at: string;
  released_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** A wrong code a member typed: at most PROMO_CODE_GUESSES_PER_HOUR are answered. */
export interface PromoCodeAttemptTable {
  id: Generated<number>;
  client_id: number;
  created_at: string;
}

/** 'void': a payment recorded by hand whose confirmation was undone (kept for the accounts). */
export type PaymentStatus = 'pending' | 'paid' | 'refunded' | 'failed' | 'manual' | 'void';
/** Online: card, oxxo, spei; recorded by hand: cash, transfer (to the organizer), other. */
export type PaymentMethod = 'card' | 'oxxo' | 'spei' | 'cash' | 'transfer' | 'other';

/** One Checkout Session of a sign-up, or a payment an admin recorded by hand (docs/design/15-payments.md). */
export interface PaymentTable {
  id: Generated<number>;
  /** Null once the member's account is erased (the payment stays for the accounts). */
  assistance_id: number | null;
  event_id: number;
  client_id: number;
  /** Integer cents, always computed by the server from the event's prices. */
  amount_cents: number;
  currency: string;
  status: PaymentStatus;
  method: PaymentMethod | null;
  /** 1, 2… per sign-up: the idempotency key of its session, so a double request makes one. */
  attempt: number;
  session_id: string | null;
  payment_intent_id: string | null;
  checkout_url: string | null;
  /** JSON: the OXXO voucher or the SPEI transfer details while the payment is pending. */
  instructions: string | null;
  created_at: string;
  paid_at: string | null;
  failed_at: string | null;
  refund_requested_at: string | null;
  refunded_at: string | null;
  refund_id: string | null;
  refunded_cents: Generated<number>;
  /** The provider's Customer a SPEI checkout made (deleted there when she erases her account). */
  customer_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** When a payment recorded by hand was voided (status 'void'). */
  voided_at: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Provider events already applied, by their id: each is applied once. */
export interface PaymentWebhookEventTable {
  id: string;
  type: string;
  received_at: string;
}

export interface QuizAnswerTable {
  client_id: number;
  q_1: string;
  q_2: string;
  q_3: string;
  q_4: string;
  q_5: string;
  q_6: string;
  q_7: string;
  q_8: string;
  q_9: string;
  q_10: string;
  q_11: string;
  q_12: string;
  q_13: string;
  q_14: string;
  q_15: string;
  q_16: string;
  q_17: string;
  q_18: string;
  q_19: string;
  q_20: string;
  updated_at: string;
}

export interface QuizPairContactTable {
  client_a: number;
  client_b: number;
  contacted: number;
}

export interface AdminTable {
  id: Generated<number>;
  name: string;
  email: string;
  password_hash: string;
  /** 0 deleted, 1 active, 2 inactive. */
  status_id: number;
  date_creation: string;
}

export interface SessionTable {
  /** SHA-256 of the cookie value: a stolen database does not yield usable cookies. */
  id_hash: string;
  kind: 'client' | 'admin';
  subject_id: number;
  created_at: string;
  expires_at: string;
}

export interface PasswordResetTable {
  token_hash: string;
  client_id: number;
  expires_at: string;
  used_at: string | null;
}

export interface AuditLogTable {
  id: Generated<number>;
  admin_id: number | null;
  action: string;
  entity: string;
  entity_id: number | null;
  before_json: string | null;
  after_json: string | null;
  created_at: string;
}

export interface LoginThrottleTable {
  /** 'client|email|…', 'admin|ip|…': one budget per area and e-mail, and per area and address. */
  key: string;
  window_start: string;
  attempts: number;
}

export interface ScoringChangeTable {
  id: Generated<number>;
  client_id: number;
  created_at: string;
}

export type JobState = 'pending' | 'running' | 'done' | 'failed';

/** The durable work queue (platform/queue): one row per piece of background work. */
export interface JobTable {
  id: Generated<number>;
  /** Which registered handler runs it, e.g. 'mail'. */
  kind: string;
  /** Dedupe key: a second job with the same key is never added (e.g. 'mail:welcome:client:12'). */
  key: string | null;
  /** JSON; dropped once the job is done. */
  payload: string | null;
  state: JobState;
  /** Claims so far, the running one included. */
  attempts: number;
  max_attempts: number;
  /** Not claimed before this time: scheduled work and the next retry. */
  run_at: string;
  /** The lease of the instance running it; once past, another instance may take the job over. */
  locked_until: string | null;
  /** A token of the claim, so that only the claimant records the outcome. */
  locked_by: string | null;
  /** The latest failure's message; kept when the job gives up. */
  last_error: string | null;
  created_at: string;
  finished_at: string | null;
}

/** An uploaded image; its bytes are in image_variants, one row per size. */
export interface ImageTable {
  id: Generated<number>;
  /** Who may see it: 'event' images are public; 'photo' images follow their member photo's rules. */
  kind: string;
  /** A hash of the upload, part of every URL, so a URL always names the same picture. */
  version: string;
  /** The original's size after EXIF rotation. */
  width: number;
  height: number;
  created_at: string;
}

export interface ImageVariantTable {
  image_id: number;
  /** The file name's stem in the URL: the width ('160', '480', '1080') for the clear sizes, 'blur' for a photo's blurred one. */
  variant: string;
  width: number;
  height: number;
  content_type: string;
  bytes: Buffer;
}

/** A member's photo (docs/design/10-photos.md): position 1 is the main one; positions stay 1…n without gaps. */
export interface PhotoTable {
  id: Generated<number>;
  client_id: number;
  image_id: number;
  position: number;
  /** 1 pending, 2 approved, 3 rejected. */
  status_id: number;
  /** The moderator's Spanish reason for a rejection. */
  reason: string | null;
  created_at: string;
  updated_at: string;
  reviewed_at: string | null;
  reviewed_by: number | null;
}

/** `client_id` blocked `target_client_id`: each disappears from the other's lists (docs/design/13-trust.md). */
export interface BlockTable {
  client_id: number;
  target_client_id: number;
  created_at: string;
}

export interface ReportTable {
  id: Generated<number>;
  /** Who reported. */
  client_id: number;
  target_client_id: number;
  /** 'fake' | 'offensive' | 'harassment' | 'underage' | 'other'. */
  reason: string;
  text: string;
  /** 1 open, 2 resolved, 3 dismissed. */
  status_id: number;
  /** What the admin did on resolving: 'hide_advert' | 'deactivate' | null. */
  action: string | null;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  /** A reported message's text, kept as evidence (docs/design/20-mensajes.md); null for a report about a person. */
  message_text: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Keyed hashes (HMAC-SHA-256) of the e-mails of erased accounts: they cannot come back. */
export interface ErasedEmailTable {
  email_hash: string;
  created_at: string;
}

/** A checked-in attendee's answer about another attendee of the same event: 1 Sí, 0 No. */
export interface PickTable {
  event_id: number;
  client_id: number;
  target_client_id: number;
  pick: number;
  updated_at: string;
}

/** Secrets the server generates for itself when the environment gives none, and the site's own id. */
export interface ServerSecretTable {
  name: string;
  value: string;
}

/** A whole-site figure computed in the background (admin/stats), as JSON, and when. */
export interface StoredFigureTable {
  name: string;
  value: string;
  computed_at: string;
}

/** One per mutual pair, smaller client id first (docs/design/20-mensajes.md). */
export interface ConversationTable {
  id: Generated<number>;
  client_a: number;
  client_b: number;
  /** 'client_a:client_b', unique. */
  pair_key: string;
  created_at: string;
  /** Set while nobody can send; reopened when the pair becomes mutual again. */
  closed_at: string | null;
  /** 'ended' | 'blocked' | 'erased'. */
  closed_reason: string | null;
}

/** Each member's side of a conversation: her list order, unread counter and consents. */
export interface ConversationSideTable {
  conversation_id: number;
  client_id: number;
  activity_at: string;
  last_message_id: number | null;
  unread: Generated<number>;
  read_up_to: Generated<number>;
  wrote_at: string | null;
  /** She pressed "Compartir mi contacto" (docs/design/26-contact.md). */
  contact_shared_at: string | null;
  away_mail_at: string | null;
  hidden: Generated<number>;
}

export interface MessageTable {
  id: Generated<number>;
  conversation_id: number;
  sender_id: number;
  /** The client_message_id the sender's device made: one message per key and sender. */
  idempotency_key: string;
  text: string;
  sent_at: string;
  read_at: string | null;
  held: Generated<number>;
  opens_conversation: Generated<number>;
}

/** A browser's push subscription (docs/design/21-pocket.md): one per device, the endpoint unique. */
export interface PushSubscriptionTable {
  id: Generated<number>;
  client_id: number;
  /** https, on a host of PUSH_ENDPOINT_HOSTS. */
  endpoint: string;
  /** The device's P-256 public key and auth secret, base64url, as the browser gave them. */
  p256dh: string;
  auth: string;
  /** A short "Chrome en Android" from the user agent, or null. */
  device_label: string | null;
  created_at: string;
  last_success_at: string | null;
}

/** She chose "Quiero recibir novedades de eventos" (docs/design/25-organizers.md); no row: she did not. */
export interface NewsSubscriptionTable {
  client_id: number;
  subscribed_at: string;
}

/** One sending by an organizer: to a segment of an event, or news (event_id null). */
export interface OrganizerMessageTable {
  id: Generated<number>;
  event_id: number | null;
  segment: string;
  title: string;
  text: string;
  admin_id: number;
  recipients: number;
  /** Members left out by the weekly cap of news. */
  skipped: number;
  sent_at: string;
}

/** Who a sending went to: the weekly cap of news counts these rows. */
export interface OrganizerMessageRecipientTable {
  message_id: number;
  client_id: number;
  news: number;
  sent_at: string;
}

/** "¿Cómo estuvo la noche?": one per attendee who checked in and event; private to admins. */
export interface EventRatingTable {
  event_id: number;
  client_id: number;
  stars: number;
  comment: string | null;
  rated_at: string;
}

/** A member's invite link (decision 0053): a random token, never her id. */
export interface InviteLinkTable {
  client_id: number;
  token: string;
  created_at: string;
}

/** Who invited her, when she signed up through the link, and what her first night earned. */
export interface InvitationTable {
  invited_client_id: number;
  inviter_client_id: number;
  created_at: string;
  /** Her first check-in ever; set once, and only then may the inviter earn a code. */
  first_check_in_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** The personal code the inviter earned by it; null when nothing was earned. */
  code_id: ColumnType<number | null, number | null | undefined, number | null>;
}

/** The reward for bringing someone, as the admins set it: one row (id 1); none means off. */
export interface InviteRewardTable {
  id: number;
  enabled: number;
  /** Exactly one of percent_off (1–100) and amount_off_cents is set. */
  percent_off: number | null;
  amount_off_cents: number | null;
  /** Days the earned code stays valid, counted from the day it is earned. */
  valid_days: number;
  updated_at: string;
}

/** A kind of notification she set; no row means on. */
export interface PushPreferenceTable {
  client_id: number;
  /** A kind of src/shared/domain/notification-kinds.ts. */
  kind: string;
  enabled: number;
  updated_at: string;
}

/** An instance that holds live connections, and when it last said it is alive (decision 0041). */
export interface LiveInstanceTable {
  id: string;
  seen_at: string;
}

/** A member with at least one live connection open on an instance. */
export interface LivePresenceTable {
  instance_id: string;
  client_id: number;
}

/** Why a snapshot was made (docs/design/24-backups.md). */
export type BackupKind = 'nightly' | 'manual' | 'before-upgrade';

/** One snapshot attempt: where it went and whether restoring it gave back the source. */
export interface BackupTable {
  id: Generated<number>;
  started_at: string;
  kind: BackupKind;
  engine: 'sqlite' | 'postgres';
  /** The snapshot's file name in the destination; null when it failed before one was written. */
  file: string | null;
  /** The folder it was written to. */
  destination: string;
  /** Bytes of the encrypted file. */
  size_bytes: number | null;
  duration_ms: number;
  /** 1 when restoring it gave back every table's rows and content hash. */
  verified: number;
  /** Why it is not verified, in Spanish, for the admins. */
  reason: string | null;
  /** JSON: rows per table at the snapshot's moment. */
  table_counts: string | null;
}

/** Present (one row) while a restored database waits for `cita restore --activate`. */
export interface RestoreQuarantineTable {
  id: number;
  restored_from: string;
  restored_at: string;
}

/** What the door saw at a check-in (docs/design/27-verified.md): matched 1 gives «Verificada en persona». */
export interface DoorFaceMatchTable {
  id: Generated<number>;
  client_id: number;
  event_id: number;
  admin_id: number | null;
  matched: number;
  created_at: string;
}

/** Two gestures drawn for one selfie attempt: valid 10 minutes, once. */
export interface VerificationChallengeTable {
  id: Generated<number>;
  client_id: number;
  /** JSON array of two gestures. */
  gestures: string;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** One case a moderator decides: a selfie pair, or a door's «No coincide» with its event. */
export interface VerificationTable {
  id: Generated<number>;
  client_id: number;
  source: 'selfie' | 'door';
  event_id: number | null;
  /** JSON array of the two gestures asked (selfie). */
  gestures: string | null;
  /** 0 the engine is reading it, 1 waits for a moderator, 2 verified, 3 rejected. */
  status_id: number;
  /** JSON of the engine's reading (FaceReading). */
  scores: string | null;
  reason: string | null;
  created_at: string;
  decided_at: string | null;
  decided_by: number | null;
}

/** A selfie, kept only until the decision (30 days at most). */
export interface VerificationSelfieTable {
  verification_id: number;
  position: number;
  content_type: string;
  bytes: Buffer;
}

/** A photo a moderator marked as showing her, at an approval. */
export interface VerifiedPhotoTable {
  verification_id: number;
  client_id: number;
  photo_id: number;
}

/** sha256 of every selfie ever sent, with no name: a selfie is never accepted twice. */
export interface SelfieDigestTable {
  digest: string;
  created_at: string;
}

/** A member's fiscal data for invoicing her places (docs/design/28-facturas.md). */
export interface FiscalProfileTable {
  client_id: number;
  rfc: string;
  name: string;
  regime: string;
  zip: string;
  use: string;
  email: string;
  updated_at: string;
}

export type InvoiceDocumentKind = 'receipt' | 'invoice' | 'global' | 'credit_note' | 'cancellation';
export type InvoiceDocumentState = 'pending' | 'issued' | 'failed' | 'cancelled';

/** One fiscal document asked of the PAC, from its idempotency key to its CFDI (docs/design/28-facturas.md). */
export interface InvoiceDocumentTable {
  id: Generated<number>;
  kind: InvoiceDocumentKind;
  state: InvoiceDocumentState;
  key: string;
  payment_id: number | null;
  assistance_id: number | null;
  event_id: number | null;
  client_id: number | null;
  receipt_id: number | null;
  global_id: number | null;
  pac_id: string | null;
  uuid: string | null;
  total_cents: number;
  description: string;
  paid_at: string | null;
  payment_form: string | null;
  self_invoice_until: string | null;
  period_end: string | null;
  receiver: string | null;
  error: string | null;
  created_at: string;
  issued_at: string | null;
}

export interface Database {
  clients: ClientTable;
  adverts: AdvertTable;
  interests: InterestTable;
  events: EventTable;
  event_categories: EventCategoryTable;
  assistance: AssistanceTable;
  quiz_answers: QuizAnswerTable;
  quiz_pair_contacts: QuizPairContactTable;
  admins: AdminTable;
  sessions: SessionTable;
  password_resets: PasswordResetTable;
  audit_log: AuditLogTable;
  login_throttle: LoginThrottleTable;
  scoring_changes: ScoringChangeTable;
  jobs: JobTable;
  images: ImageTable;
  image_variants: ImageVariantTable;
  blocks: BlockTable;
  reports: ReportTable;
  erased_emails: ErasedEmailTable;
  server_secrets: ServerSecretTable;
  stored_figures: StoredFigureTable;
  photos: PhotoTable;
  picks: PickTable;
  payments: PaymentTable;
  payment_webhook_events: PaymentWebhookEventTable;
  conversations: ConversationTable;
  conversation_sides: ConversationSideTable;
  messages: MessageTable;
  push_subscriptions: PushSubscriptionTable;
  push_preferences: PushPreferenceTable;
  live_instances: LiveInstanceTable;
  live_presence: LivePresenceTable;
  backups: BackupTable;
  restore_quarantine: RestoreQuarantineTable;
  news_subscriptions: NewsSubscriptionTable;
  organizer_messages: OrganizerMessageTable;
  organizer_message_recipients: OrganizerMessageRecipientTable;
  event_ratings: EventRatingTable;
  promo_codes: PromoCodeTable;
  event_price_steps: EventPriceStepTable;
  promo_code_events: PromoCodeEventTable;
  promo_code_uses: PromoCodeUseTable;
  promo_code_attempts: PromoCodeAttemptTable;
  invite_links: InviteLinkTable;
  invitations: InvitationTable;
  invite_reward: InviteRewardTable;
  door_face_matches: DoorFaceMatchTable;
  verification_challenges: VerificationChallengeTable;
  verifications: VerificationTable;
  verification_selfies: VerificationSelfieTable;
  verified_photos: VerifiedPhotoTable;
  selfie_digests: SelfieDigestTable;
  fiscal_profiles: FiscalProfileTable;
  invoice_documents: InvoiceDocumentTable;
}

export type ClientRow = Selectable<ClientTable>;
export type NewClient = Insertable<ClientTable>;
export type ClientUpdate = Updateable<ClientTable>;
export type AdvertRow = Selectable<AdvertTable>;
export type EventRow = Selectable<EventTable>;
export type AdminRow = Selectable<AdminTable>;
export type JobRow = Selectable<JobTable>;
