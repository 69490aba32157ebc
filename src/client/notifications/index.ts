export { useToast, type Toast, type ToastOptions } from './useToast';
export { useConfirm, type ConfirmOptions, type ConfirmStatus } from './confirm';
export { Notifications } from './Notifications';
