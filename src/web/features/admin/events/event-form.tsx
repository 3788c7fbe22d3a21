import { Check } from 'lucide-react';
import { Checkbox, Switch } from 'radix-ui';
import { useState } from 'react';
import {
  type AdminEvent,
  AGE_BAND_ORDER,
  ageBandInOrder,
  eventFieldsSchema,
  priceStepsProblem,
} from '../../../../shared/contracts/admin-events';
import { validationMessage } from '../../../../shared/contracts/common';
import {
  CATEGORY_IDS,
  CATEGORY_TITLES,
  type CategoryId,
  formatCategoryList,
  parseCategoryList,
} from '../../../../shared/domain/categories';
import { CITIES } from '../../../../shared/domain/cities';
import { EVENT_STATUS_LABELS } from '../../../../shared/domain/statuses';
import { type Banner, ButtonFeedback } from '../../../components/admin/admin-ui';
import { StatusSelect } from '../../../components/admin/status-select';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';
import { PriceStepsEditor, type StepDraft, stepDrafts, stepFields } from './price-steps-editor';

type Draft = {
  name: string;
  day: string;
  hour: string;
  description: string;
  price_m: string;
  price_w: string;
  limit_m: string;
  limit_w: string;
  categories: CategoryId[];
  occupation: 0 | 1;
  status_id: number;
  venue: string;
  address: string;
  city: string;
  duration_minutes: string;
  age_min: string;
  age_max: string;
  price_steps: StepDraft[];
};

/** An optional number field: empty means 'no value' (null), not zero. */
const optionalNumber = (text: string) => (text.trim() === '' ? null : Number(text));

function draftOf(event: AdminEvent): Draft {
  return {
    name: event.name,
    day: event.day,
    hour: event.hour,
    description: event.description,
    price_m: String(event.price_m),
    price_w: String(event.price_w),
    limit_m: String(event.limit_m),
    limit_w: String(event.limit_w),
    categories: parseCategoryList(event.category),
    occupation: event.occupation === 1 ? 1 : 0,
    status_id: event.status_id,
    venue: event.venue,
    address: event.address,
    city: event.city,
    duration_minutes: String(event.duration_minutes),
    age_min: event.age_min === null ? '' : String(event.age_min),
    age_max: event.age_max === null ? '' : String(event.age_max),
    price_steps: stepDrafts(event.price_steps),
  };
}

/** 'Actualizar evento': every admin field of the event, validated with the call's own schema. */
export function EventForm({
  event,
  saving,
  result,
  onEdit,
  onSave,
}: {
  event: AdminEvent;
  saving: boolean;
  /** The server's answer to the last «Actualizar evento», shown beside the button. */
  result: Banner;
  onEdit: () => void;
  onSave: (fields: Record<string, unknown>, image: File | null) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(event));
  const [image, setImage] = useState<File | null>(null);
  const [banner, setBanner] = useState<Banner>(null);
  // Whatever was said about the last press no longer holds once the form changes.
  const edited = () => {
    setBanner(null);
    onEdit();
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    edited();
    setDraft((current) => ({ ...current, [key]: value }));
  };
  const incomplete =
    !draft.name.trim() || !draft.day || !draft.hour || draft.price_m === '' || draft.price_w === '';

  function submit(formEvent: React.FormEvent) {
    formEvent.preventDefault();
    edited();
    const fields = {
      name: draft.name,
      day: draft.day,
      hour: draft.hour,
      description: draft.description,
      price_m: Number(draft.price_m),
      price_w: Number(draft.price_w),
      limit_m: Number(draft.limit_m || 0),
      limit_w: Number(draft.limit_w || 0),
      category: formatCategoryList(draft.categories),
      occupation: draft.occupation,
      status_id: draft.status_id,
      venue: draft.venue,
      address: draft.address,
      city: draft.city,
      duration_minutes: Number(draft.duration_minutes),
      age_min: optionalNumber(draft.age_min),
      age_max: optionalNumber(draft.age_max),
      price_steps: stepFields(draft.price_steps),
    };
    const stepsProblem = priceStepsProblem(fields);
    if (stepsProblem) {
      setBanner({ status: 'warning', message: stepsProblem });
      return;
    }
    const parsed = eventFieldsSchema
      .refine(ageBandInOrder, { message: AGE_BAND_ORDER, path: ['age_min'] })
      .safeParse(fields);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setBanner({ status: 'warning', message: issue ? validationMessage(issue) : 'Revisa los datos' });
      return;
    }
    setBanner(null);
    onSave(fields, image);
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex flex-col gap-4 rounded border border-slate-200 bg-white p-4"
    >
      <h2 className="text-lg font-semibold">Actualizar evento</h2>
      <Field label="Nombre" name="name" value={draft.name} onChange={(e) => set('name', e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          label="Día"
          name="day"
          type="date"
          value={draft.day}
          onChange={(e) => set('day', e.target.value)}
        />
        <Field
          label="Hora"
          name="hour"
          type="time"
          value={draft.hour}
          onChange={(e) => set('hour', e.target.value)}
        />
        <Field
          label="Precio hombres (MXN)"
          name="price_m"
          type="number"
          min={0}
          step="0.01"
          value={draft.price_m}
          onChange={(e) => set('price_m', e.target.value)}
        />
        <Field
          label="Precio mujeres (MXN)"
          name="price_w"
          type="number"
          min={0}
          step="0.01"
          value={draft.price_w}
          onChange={(e) => set('price_w', e.target.value)}
        />
        <div className="sm:col-span-2">
          <PriceStepsEditor steps={draft.price_steps} onChange={(steps) => set('price_steps', steps)} />
        </div>
        <Field
          label="Lugares hombres"
          name="limit_m"
          type="number"
          min={0}
          value={draft.limit_m}
          onChange={(e) => set('limit_m', e.target.value)}
        />
        <Field
          label="Lugares mujeres"
          name="limit_w"
          type="number"
          min={0}
          value={draft.limit_w}
          onChange={(e) => set('limit_w', e.target.value)}
        />
      </div>
      <Field label="Lugar" name="venue" value={draft.venue} onChange={(e) => set('venue', e.target.value)} />
      <Field
        label="Dirección"
        name="address"
        value={draft.address}
        onChange={(e) => set('address', e.target.value)}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Ciudad"
          name="city"
          value={draft.city}
          options={CITIES.map((city) => ({ value: city.code, label: city.label }))}
          onChange={(e) => set('city', e.target.value)}
        />
        <Field
          label="Duración (minutos)"
          name="duration_minutes"
          type="number"
          min={15}
          step={15}
          value={draft.duration_minutes}
          onChange={(e) => set('duration_minutes', e.target.value)}
        />
        <Field
          label="Edad mínima (opcional)"
          name="age_min"
          type="number"
          min={18}
          value={draft.age_min}
          onChange={(e) => set('age_min', e.target.value)}
        />
        <Field
          label="Edad máxima (opcional)"
          name="age_max"
          type="number"
          min={18}
          value={draft.age_max}
          onChange={(e) => set('age_max', e.target.value)}
        />
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="event-description" className="text-sm font-medium">
          Descripción
        </label>
        <textarea
          id="event-description"
          rows={4}
          value={draft.description}
          onChange={(e) => set('description', e.target.value)}
          className="rounded border border-slate-300 px-3 py-2 text-sm"
        />
      </div>
      <fieldset>
        <legend className="mb-1 text-sm font-medium">Categorías</legend>
        <div className="flex flex-wrap gap-3">
          {CATEGORY_IDS.map((category) => (
            <div key={category} className="flex items-center gap-2 text-sm">
              <Checkbox.Root
                id={`category-${category}`}
                checked={draft.categories.includes(category)}
                onCheckedChange={(checked) =>
                  set(
                    'categories',
                    checked
                      ? CATEGORY_IDS.filter((id) => id === category || draft.categories.includes(id))
                      : draft.categories.filter((id) => id !== category),
                  )
                }
                className="flex size-5 items-center justify-center rounded border border-slate-400 bg-white data-[state=checked]:bg-accent"
              >
                <Checkbox.Indicator>
                  <Check className="size-4 text-white" aria-hidden />
                </Checkbox.Indicator>
              </Checkbox.Root>
              <label htmlFor={`category-${category}`}>{CATEGORY_TITLES[category]}</label>
            </div>
          ))}
        </div>
      </fieldset>
      <div className="flex items-center gap-3">
        <Switch.Root
          id="event-occupation"
          checked={draft.occupation === 1}
          onCheckedChange={(checked) => set('occupation', checked ? 1 : 0)}
          className="relative box-content h-6 w-11 rounded-full bg-slate-300 bg-clip-content py-2.5 data-[state=checked]:bg-accent"
        >
          <Switch.Thumb className="block size-5 translate-x-0.5 rounded-full bg-white transition data-[state=checked]:translate-x-[22px]" />
        </Switch.Root>
        <label htmlFor="event-occupation" className="text-sm">
          Es obligatorio indicar ocupación
        </label>
      </div>
      <StatusSelect
        label="Estado"
        value={draft.status_id}
        options={EVENT_STATUS_LABELS}
        onChange={(value) => set('status_id', value)}
      />
      <Field
        label="Imagen (PNG, JPEG o WebP)"
        name="image"
        type="file"
        accept="image/png,image/jpeg,image/webp"
        onChange={(e) => {
          edited();
          setImage(e.target.files?.[0] ?? null);
        }}
      />
      <ButtonFeedback banner={banner ?? result} />
      <Button type="submit" disabled={incomplete || saving}>
        {saving ? 'Guardando…' : 'Actualizar evento'}
      </Button>
    </form>
  );
}
