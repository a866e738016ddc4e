import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@console/shared-sdk';
import { Link, Navigate, useNavigate, useSearchParams } from '@console/shared-sdk/router';
import { isWeakPin } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { changePerson, useCurrentPerson } from '../../app/store';
import { failureWords } from '../../i18n/errors';
import { pinVerifier } from '../../local/pin';
import { identityOf } from '../../session/identity';
import { Field } from '../../ui/Field';
import { FormScreen } from '../../ui/FormScreen';

type Field = 'pin' | 'repeat' | 'currentPin' | 'currentPassword';

/**
 * Choosing a PIN for the kitchen tablet: required after a first password sign-in on the tablet, offered on a
 * phone. Changing one needs the current PIN or the password.
 */
export default function SetPin() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const person = useCurrentPerson();
  const [values, setValues] = useState<Record<Field, string>>({
    pin: '',
    repeat: '',
    currentPin: '',
    currentPassword: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!person) return <Navigate to="/" replace />;
  const required = params.get('required') === '1';
  const next = params.get('next') === 'settings' ? '/settings' : '/today';

  const field = (name: Field, label: string, autoComplete: string) => (
    <Field
      id={`${id}-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(value) => setValues((current) => ({ ...current, [name]: value }))}
      error={errors[name]}
      {...(name === 'currentPassword' ? {} : { inputMode: 'numeric' as const, maxLength: 6 })}
    />
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy || !person) return;
    setFailure(null);
    const problems: Partial<Record<Field, string>> = {};
    if (!/^\d{4,6}$/.test(values.pin)) problems.pin = t('setPin.format');
    else if (isWeakPin(values.pin)) problems.pin = t('setPin.weak');
    else if (values.repeat !== values.pin) problems.repeat = t('setPin.mismatch');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setBusy(true);
    try {
      await kitchenApi.setPin(
        {
          pin: values.pin,
          ...(values.currentPin ? { currentPin: values.currentPin } : {}),
          ...(values.currentPassword ? { currentPassword: values.currentPassword } : {}),
        },
        identityOf(person.userID),
      );
      const pin = await pinVerifier(values.pin);
      await changePerson(person.userID, (stored) => ({ ...stored, hasPin: true, pin }));
      navigate(next, { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'NETWORK_ERROR') setFailure(t('setPin.offline'));
      else if (isApiError(error) && error.hasFieldErrors) {
        const first = (name: string) => error.fieldErrors[name]?.[0];
        setErrors({
          ...(first('pin') ? { pin: first('pin') } : {}),
          ...(first('currentPin') ? { currentPin: first('currentPin') } : {}),
          ...(first('currentPassword') ? { currentPassword: first('currentPassword') } : {}),
        });
      } else setFailure(failureWords(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormScreen title={t('setPin.title')} onSubmit={submit}>
      <Typography>{required ? t('setPin.lead') : t('setPin.optionalLead')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      {field('pin', t('setPin.pin'), 'new-password')}
      {field('repeat', t('setPin.repeat'), 'new-password')}
      {person.hasPin && field('currentPin', t('setPin.current'), 'current-password')}
      {person.hasPin && field('currentPassword', t('setPin.currentPassword'), 'current-password')}
      <Button type="submit" variant="contained" loading={busy}>
        {t('setPin.submit')}
      </Button>
      {!required && (
        <Button component={Link} to={next}>
          {t('setPin.skip')}
        </Button>
      )}
    </FormScreen>
  );
}
