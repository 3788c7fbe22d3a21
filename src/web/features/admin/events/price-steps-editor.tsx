import { Plus, Trash2 } from 'lucide-react';
import type { PriceStepFields } from '../../../../shared/contracts/admin-events';
import { smallButton } from '../../../components/admin/admin-ui';
import { Field } from '../../../components/ui/field';
import { SelectField } from '../../../components/ui/select-field';

/** One early-bird step as typed: numbers stay text until the form is saved. */
export interface StepDraft {
  gender: 1 | 2;
  price: string;
  until: string;
  places: string;
}

export function stepDrafts(
  steps: readonly { gender: number; price: number; until: string | null; places: number | null }[] = [],
): StepDraft[] {
  return steps.map((step) => ({
    gender: step.gender === 2 ? 2 : 1,
    price: String(step.price),
    until: step.until ?? '',
    places: step.places === null ? '' : String(step.places),
  }));
}

/** The steps as sent; an empty price stays missing (null), so it is refused rather than read as $0. */
export function stepFields(
  drafts: readonly StepDraft[],
): (Omit<PriceStepFields, 'price'> & { price: number | null })[] {
  return drafts.map((draft) => ({
    gender: draft.gender,
    price: draft.price.trim() === '' ? null : Number(draft.price),
    until: draft.until || null,
    places: draft.places.trim() === '' ? null : Number(draft.places),
  }));
}

const GENDER_OPTIONS = [
  { value: 1, label: 'Mujeres' },
  { value: 2, label: 'Hombres' },
] as const;

/**
 * "Precios de preventa" (docs/design/25-organizers.md): each step is a price for one gender until a day and/or
 * for the first places; steps of a gender apply in the order listed, then the event's own price.
 */
export function PriceStepsEditor({
  steps,
  onChange,
}: {
  steps: StepDraft[];
  onChange: (steps: StepDraft[]) => void;
}) {
  const change = (index: number, patch: Partial<StepDraft>) =>
    onChange(steps.map((step, at) => (at === index ? { ...step, ...patch } : step)));
  return (
    <fieldset className="flex flex-col gap-3 rounded border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium">Precios de preventa</legend>
      {steps.length === 0 ? (
        <p className="text-sm text-slate-600">Sin preventa: todos pagan el precio del evento.</p>
      ) : null}
      {steps.map((step, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a step has no id until it is saved; its place in the list is its identity.
        <div key={index} className="grid grid-cols-2 gap-3 border-b border-slate-100 pb-3">
          <SelectField
            label={`Preventa ${index + 1}: para`}
            name={`step_gender_${index}`}
            options={GENDER_OPTIONS}
            value={step.gender}
            onChange={(event) => change(index, { gender: Number(event.target.value) === 2 ? 2 : 1 })}
          />
          <Field
            label="Precio (MXN)"
            name={`step_price_${index}`}
            type="number"
            min={0}
            step="0.01"
            value={step.price}
            onChange={(event) => change(index, { price: event.target.value })}
          />
          <Field
            label="Hasta el día"
            name={`step_until_${index}`}
            type="date"
            value={step.until}
            onChange={(event) => change(index, { until: event.target.value })}
          />
          <Field
            label="O los primeros lugares"
            name={`step_places_${index}`}
            type="number"
            min={1}
            value={step.places}
            onChange={(event) => change(index, { places: event.target.value })}
          />
          <button
            type="button"
            className={`${smallButton('danger')} col-span-2 justify-self-start`}
            onClick={() => onChange(steps.filter((_, at) => at !== index))}
          >
            <Trash2 className="size-4" aria-hidden /> Quitar preventa {index + 1}
          </button>
        </div>
      ))}
      <button
        type="button"
        className={`${smallButton()} self-start`}
        onClick={() => onChange([...steps, { gender: 1, price: '', until: '', places: '' }])}
      >
        <Plus className="size-4" aria-hidden /> Agregar precio de preventa
      </button>
    </fieldset>
  );
}
