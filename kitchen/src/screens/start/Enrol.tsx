import { useId, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@console/shared-sdk';
import { useNavigate, useSearchParams } from '@console/shared-sdk/router';
import { enrolmentCodeSchema } from '@console/shared-sdk/contract';
import { kitchenApi } from '../../api/calls';
import { enrolled } from '../../app/store';
import { readRoster } from '../../app/tablet';
import { failureWords } from '../../i18n/errors';
import { Field } from '../../ui/Field';
import { FormScreen } from '../../ui/FormScreen';

/** Making this device a site's shared kitchen tablet, with the code a site admin got in the console. */
export default function Enrol() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const id = useId();
  const [code, setCode] = useState(params.get('enrol') ?? '');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    const parsed = enrolmentCodeSchema.safeParse(code);
    if (!parsed.success) {
      setProblem(t('enrol.codeHint'));
      return;
    }
    setProblem(null);
    setBusy(true);
    try {
      const answer = await kitchenApi.enrol(parsed.data);
      await enrolled(answer.device, answer.deviceToken);
      await readRoster();
      navigate('/', { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'NETWORK_ERROR') setFailure(t('enrol.offline'));
      else if (isApiError(error) && [400, 401, 404, 409, 410].includes(error.status))
        setFailure(t('enrol.wrongCode'));
      else setFailure(failureWords(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <FormScreen title={t('enrol.title')} onSubmit={submit}>
      <Typography>{t('enrol.lead')}</Typography>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Field
        id={`${id}-code`}
        label={t('enrol.code')}
        required
        value={code}
        onChange={setCode}
        error={problem}
        hint={t('enrol.codeHint')}
        inputMode="numeric"
        autoComplete="one-time-code"
      />
      <Button type="submit" variant="contained" loading={busy}>
        {t('enrol.submit')}
      </Button>
    </FormScreen>
  );
}
