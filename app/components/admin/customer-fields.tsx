import { TextField } from '~/components/ui/field';

type Values = Record<string, unknown>;

/** Name, e-mail, phone and address inputs (add customer, edit customer, profile update). */
export function CustomerFields({ values, errors }: { values: Values; errors: Record<string, string> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextField label="Full name" name="name" required autoComplete="off" defaultValue={String(values.name ?? '')} error={errors.name} />
      <TextField label="Email" name="email" type="email" autoComplete="off" defaultValue={String(values.email ?? '')} error={errors.email} />
      <TextField label="Phone" name="phone" type="tel" autoComplete="off" defaultValue={String(values.phone ?? '')} error={errors.phone} />
      <TextField label="Address" name="address" autoComplete="off" defaultValue={String(values.address ?? '')} error={errors.address} />
    </div>
  );
}

/** Year, make, model, color, VIN and plate inputs (add customer's first vehicle, add vehicle). */
export function VehicleFields({ values, errors, required }: { values: Values; errors: Record<string, string>; required: boolean }) {
  return (
    <div className="grid gap-4 sm:grid-cols-3">
      <TextField label="Year" name="year" inputMode="numeric" pattern="[0-9]{4}" required={required} defaultValue={String(values.year ?? '')} error={errors.year} />
      <TextField label="Make" name="make" required={required} defaultValue={String(values.make ?? '')} error={errors.make} />
      <TextField label="Model" name="model" required={required} defaultValue={String(values.model ?? '')} error={errors.model} />
      <TextField label="Color" name="color" defaultValue={String(values.color ?? '')} error={errors.color} />
      <TextField label="VIN" name="vin" maxLength={17} required={required} defaultValue={String(values.vin ?? '')} error={errors.vin} />
      <TextField label="License plate" name="licensePlate" defaultValue={String(values.licensePlate ?? '')} error={errors.licensePlate} />
    </div>
  );
}
