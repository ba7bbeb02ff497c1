import { useTranslation } from 'react-i18next';
import type { Organization } from '../../../../contract/apiSupport';
import { Field } from '../../../theme/parts/field';
import { NativeSelect } from '../../../theme/parts/nativeSelect';

/** An account to bill: 'personal' (the user's own projects) or one of the given organizations. */
export function AccountSelect({
  value,
  organizations,
  onChange,
  label,
  hint,
  testId,
}: {
  value: string;
  organizations: readonly Organization[];
  onChange: (account: string) => void;
  label: string;
  hint?: string;
  testId: string;
}) {
  const { t } = useTranslation('checkout');
  return (
    <Field.Root maxW="md">
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(e) => onChange(e.currentTarget.value)} data-testid={testId}>
          <option value="personal">{t('account.personal')}</option>
          {organizations.map((org) => (
            <option key={org.id} value={org.id}>
              {t('account.organization', { name: org.name })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {hint && <Field.HelperText>{hint}</Field.HelperText>}
    </Field.Root>
  );
}

/** Organizations whose plan the caller may change (owner or admin). */
export function manageable(organizations: readonly Organization[] | undefined): Organization[] {
  return (organizations ?? []).filter((org) => org.role === 'owner' || org.role === 'admin');
}
