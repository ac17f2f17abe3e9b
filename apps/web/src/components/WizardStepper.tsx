import Step from '@mui/material/Step';
import StepButton from '@mui/material/StepButton';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * A wizard's steps in a row. On a phone the labels go under the numbers, each step a share of the
 * width, so that the last step stays on screen instead of pushing the page sideways. With `onStep` the
 * steps are buttons (a wizard whose steps may be visited in any order).
 */
export function WizardStepper({
  labels,
  active,
  onStep,
}: {
  labels: string[];
  active: number;
  onStep?: (index: number) => void;
}) {
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  return (
    <Stepper
      nonLinear={!!onStep}
      activeStep={active}
      alternativeLabel={narrow}
      sx={{ mb: 3, '& .MuiStepLabel-label': { overflowWrap: 'anywhere' } }}
    >
      {labels.map((label, i) => (
        <Step key={label}>
          {onStep ? (
            <StepButton onClick={() => onStep(i)}>{label}</StepButton>
          ) : (
            <StepLabel>{label}</StepLabel>
          )}
        </Step>
      ))}
    </Stepper>
  );
}
