export { Button, ButtonLink, buttonClasses } from './Button';
export { ErrorState } from './ErrorState';
export { Price } from './Price';
export { Skeleton } from './Skeleton';
export { Spinner } from './Spinner';
export { cn } from './cn';
