import { useMutation } from '@apollo/client/react';
import { useFormik, type FormikProps } from 'formik';
import { useState } from 'react';
import { UPLOAD_MESSAGES } from '@trackside/contracts/catalogue/catalogue-messages';
import { serverError } from '../../lib/errors';
import { useAuth } from '../auth/auth-context';
import { useBrand } from '../brand';
import { uploadImages } from '../auctions/wizard/upload-images';
import type { PricingPackage } from '../pricing/pricing.operations';
import { CREATE_DIRECTORY, UPDATE_DIRECTORY, type Directory } from './directory.operations';
import { useFocusFirstError } from './use-focus-first-error';
import { directorySchema, initialFormValues, toDirectoryInput, type DirectoryFormValues } from './directory-form';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const MAX_IMAGE_BYTES = 5_242_880;

export interface DirectoryFormProps {
  entry?: Directory | null;
  plan: PricingPackage | null;
  featured: boolean;
  onSaved: (directory: Directory) => void;
}

export type DirectoryFormik = FormikProps<DirectoryFormValues>;

/** The featured entry's image: the chosen file, its message, and choosing (checked for type and size) or removing it. */
export interface DirectoryImageChoice {
  file: File | null;
  error: string | null;
  choose: (file: File) => void;
  remove: () => void;
}

/**
 * The directory form's state: formik with the plan's rules, the save (create or update, uploading a featured
 * entry's image first), the server's failure message and the chosen image.
 */
export function useDirectoryForm({ entry, plan, featured, onSaved }: DirectoryFormProps) {
  const { user } = useAuth();
  const { config } = useBrand();
  const [createDirectory] = useMutation(CREATE_DIRECTORY);
  const [updateDirectory] = useMutation(UPDATE_DIRECTORY);
  const [failure, setFailure] = useState<string | null>(null);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const formik = useFormik<DirectoryFormValues>({
    initialValues: initialFormValues(entry),
    validationSchema: directorySchema(featured),
    onSubmit: async (values) => {
      setFailure(null);
      try {
        const input = toDirectoryInput(values, featured);
        if (featured && image) input.image = (await uploadImages([image], config.brand))[0] ?? null;
        if (plan) input.packageId = plan.id;
        if (entry) {
          const { data } = await updateDirectory({ variables: { id: entry.id, data: input } });
          if (data?.updateDirectory.directory) onSaved(data.updateDirectory.directory);
        } else {
          const { data } = await createDirectory({ variables: { data: { ...input, userId: user?.id ?? null, tos: values.tos } } });
          if (data?.createDirectory.directory) onSaved(data.createDirectory.directory);
        }
      } catch (error) {
        setFailure(serverError(error).message);
      }
    },
  });
  useFocusFirstError('.ts-directory-form', formik);
  const imageChoice: DirectoryImageChoice = {
    file: image,
    error: imageError,
    choose: (file) => {
      if (!IMAGE_TYPES.includes(file.type)) setImageError(UPLOAD_MESSAGES.wrongType);
      else if (file.size > MAX_IMAGE_BYTES) setImageError(UPLOAD_MESSAGES.tooLarge);
      else {
        setImageError(null);
        setImage(file);
      }
    },
    remove: () => setImage(null),
  };
  return { formik, failure, image: imageChoice };
}
