export { AcceptOnceModal, type AcceptOnceModalProps } from './AcceptOnceModal';
