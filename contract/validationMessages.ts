/**
 * The messages of the validation schemas. Each is an i18n key of the `validation` namespace,
 * with the namespace prefix, so that `t(issue.message)` from any `useTranslation` finds its
 * text (`locales/<locale>/validation.json`) and the server can send the same key back.
 * `validationMessages.test.ts` checks that every key has a text in both locales.
 */
export const VALIDATION_NAMESPACE = 'validation';

export const V = {
  /** '값을 입력해주세요.' / 'Please enter a value.' */
  required: 'validation:required',
  max6: 'validation:max6',
  max8: 'validation:max8',
  /** '20자 초과되었습니다.' / 'Exceeded 20 characters.' */
  max20: 'validation:max20',
  /** '40자 초과되었습니다.' / 'Exceeded 40 characters.' (organization names) */
  max40: 'validation:max40',
  /** '100자 초과되었습니다.' / 'Exceeded 100 characters.' */
  max100: 'validation:max100',
  /** '200자 초과되었습니다.' / 'Exceeded 200 characters.' (a rejection's reason) */
  max200: 'validation:max200',
  /** Market: 'Choose at least one field of use.' */
  resourceFields: 'validation:resource.fields',
  /** Market: the format does not fit the kind (VOC/COCO for datasets, TF.js for models). */
  resourceFormat: 'validation:resource.format',
  /** Market: 'Cover images must be png, jpeg, bmp or jpg, each under 10 MB, at most 5.' */
  resourceCovers: 'validation:resource.covers',
  /** Market: the project has no images, so there is no dataset to post. */
  resourceEmpty: 'validation:resource.empty',
  /** Market: the export's target project does not fit the resource (another data type or task). */
  resourceTarget: 'validation:resource.target',
  /** '공백으로 시작할 수 없습니다.' / 'Cannot start with blanks.' */
  noLeadingSpace: 'validation:noLeadingSpace',
  /** '한글,영문,숫자 외의 문자가 입력되었습니다.' / 'It cannot be done with special characters.' */
  koreanEnglishDigitsOnly: 'validation:koreanEnglishDigitsOnly',
  /** '적절하지 않은 문자가 입력되었습니다.' / 'Inappropriate characters have been entered.' */
  inappropriateCharacters: 'validation:inappropriateCharacters',
  passwordLength: 'validation:password.length',
  passwordCharacters: 'validation:password.characters',
  passwordCombination: 'validation:password.combination',
  currentPasswordRequired: 'validation:password.currentRequired',
  /** Server-side check (the client cannot know the current password): 'Current password does not match.' */
  currentPasswordMismatch: 'validation:password.currentMismatch',
  /** 'The password to change does not match.' (new password and its confirmation differ). */
  passwordConfirmMismatch: 'validation:password.confirmMismatch',
  /** 'The password confirmation does not match.' (sign-up: the password and its confirmation differ). */
  signupConfirmMismatch: 'validation:password.signupConfirmMismatch',
  email: 'validation:email',
  /** 'Name is not appropriate.' */
  name: 'validation:name',
  noWhitespace: 'validation:noWhitespace',
  phone: 'validation:phone',
  numeric: 'validation:numeric',
  labelNameTaken: 'validation:label.nameTaken',
  labelColorTaken: 'validation:label.colorTaken',
  /** 'Duplicate tag name.' */
  tagDuplicate: 'validation:tag.duplicate',
  tagTooMany: 'validation:tag.tooMany',
  /** 'Please select a repeat cycle.' */
  repeatCycle: 'validation:repeatCycle',
  iterations: 'validation:iterations',
  /** Split ratios must add up to 100 %. */
  splitSum: 'validation:split.sum',
  /** A label colour as #rrggbb. */
  color: 'validation:color',
  /** Training: the network does not exist for the project's type (segmentation has none yet). */
  trainingNetwork: 'validation:training.network',
  /** Training: a selected label is not one of the project's. */
  trainingLabels: 'validation:training.labels',
  /** Training: the previous model is not this project's, or its network or input size differs. */
  trainingPretrained: 'validation:training.pretrained',
  /** Deployment: the edge agent cannot read this model's format version (update the agent). */
  deploymentModelFormat: 'validation:deployment.modelFormat',
  /** Deployment: the edge agent runs on a Node older than AGENT_MIN_NODE_MAJOR. */
  deploymentNodeVersion: 'validation:deployment.nodeVersion',
  /** A value of the wrong type or form where no more specific message applies (server answers). */
  invalid: 'validation:invalid',
} as const;

export type ValidationMessageKey = (typeof V)[keyof typeof V];

/** Every message key the schemas use. */
export const VALIDATION_MESSAGE_KEYS: readonly ValidationMessageKey[] = Object.values(V);
