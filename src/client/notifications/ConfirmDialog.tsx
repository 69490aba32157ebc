import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlineOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { confirmIconColors, type ConfirmRequest, type ConfirmStatus } from './confirm';
import { useTranslateText } from '../providers/useTranslateText';

const confirmIcons: Record<ConfirmStatus, typeof WarningAmberIcon> = {
  success: CheckCircleOutlineIcon,
  error: ErrorOutlineIcon,
  warning: WarningAmberIcon,
  info: InfoOutlinedIcon,
  question: HelpOutlineIcon,
};

/** The SPEC 9 confirmation dialog, opened through useConfirm(). */
export default function ConfirmDialog({ request }: { request: ConfirmRequest }) {
  const translateText = useTranslateText();
  const Icon = confirmIcons[request.status];
  return (
    <Dialog
      open
      onClose={() => request.resolve(false)}
      aria-labelledby="confirm-dialog-title"
      aria-describedby={request.content ? 'confirm-dialog-content' : undefined}
      maxWidth="xs"
      fullWidth
    >
      <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
        <Icon aria-hidden sx={{ fontSize: 64, color: confirmIconColors[request.status] }} />
      </Box>
      <DialogTitle id="confirm-dialog-title" sx={{ textAlign: 'center' }}>
        {translateText(request.title)}
      </DialogTitle>
      {request.content && (
        <DialogContent>
          <DialogContentText id="confirm-dialog-content" sx={{ textAlign: 'center' }}>
            {translateText(request.content)}
          </DialogContentText>
        </DialogContent>
      )}
      <DialogActions sx={{ justifyContent: 'center', pb: 3 }}>
        <Button variant="contained" color="primary" onClick={() => request.resolve(true)} autoFocus>
          {translateText(request.confirmText)}
        </Button>
        {request.showCancel && (
          <Button variant="outlined" color="secondary" onClick={() => request.resolve(false)}>
            {translateText(request.cancelText)}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
