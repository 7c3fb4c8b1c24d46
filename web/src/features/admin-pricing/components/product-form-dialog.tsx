// Add Product / Edit Product. The caller remounts it (a new `key`) for each opening, so the
// form starts from the defaults or the product's own values.
import { useState, type FormEvent } from 'react';
import { LIMITS, type PricingProduct, PRODUCT_CATEGORIES } from '@contract';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/dialog';
import { SelectField, TextAreaField, TextField } from '../../../components/ui/form-field';
import { SwitchField } from '../../../components/ui/switch-field';
import { checkProduct, initialProductValues, type ProductFormValues } from '../product-form';
import { usePricingStore } from '../pricing-store';

const CATEGORY_LABELS: Record<ProductFormValues['category'], string> = { postcard: 'Postcard', letter: 'Letter', package: 'Package' };

interface ProductFormDialogProps {
  open: boolean;
  product: PricingProduct | null;
  onClose: () => void;
}

export function ProductFormDialog({ open, product, onClose }: ProductFormDialogProps) {
  return (
    <Modal open={open} onClose={onClose} title={product ? 'Edit Product' : 'Add Product'} size="lg">
      <ProductForm product={product} onDone={onClose} />
    </Modal>
  );
}

function ProductForm({ product, onDone }: { product: PricingProduct | null; onDone: () => void }) {
  const save = usePricingStore((s) => s.save);
  const [values, setValues] = useState<ProductFormValues>(() => initialProductValues(product));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkProduct(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    setSaving(true);
    const saved = await save(checked.data, product?.id);
    setSaving(false);
    if (saved) onDone();
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextField label="Product Name" required value={values.name} error={errors.name} onChange={(e) => set('name', e.target.value)} />
      <div className="grid gap-4 sm:grid-cols-3">
        <SelectField label="Category" value={values.category} error={errors.category} onChange={(e) => set('category', e.target.value as ProductFormValues['category'])}>
          {PRODUCT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {CATEGORY_LABELS[c]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Starting Price ($)"
          required
          type="number"
          step="0.01"
          min="0"
          inputMode="decimal"
          value={values.startingPrice}
          error={errors.startingPrice}
          onChange={(e) => set('startingPrice', e.target.value)}
        />
        <TextField label="Sort Order" type="number" step="1" inputMode="numeric" value={values.sortOrder} error={errors.sortOrder} onChange={(e) => set('sortOrder', e.target.value)} />
      </div>
      <TextAreaField label="Description" rows={3} maxChars={LIMITS.longText} value={values.description} error={errors.description} onChange={(e) => set('description', e.target.value)} />
      <TextAreaField label="Features" hint="One feature per line; blank lines are ignored." rows={5} value={values.features} error={errors.features} onChange={(e) => set('features', e.target.value)} />
      <SwitchField label="Visible" hint="Shown on the public pricing page." checked={values.isVisible} onChange={(on) => set('isVisible', on)} />
      <div className="flex flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : product ? 'Save Changes' : 'Add Product'}
        </Button>
      </div>
    </form>
  );
}
