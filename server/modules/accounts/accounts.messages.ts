/** Every answer of the accounts API, in French, English and Arabic (the English words are the API's original ones). */
import { defineMessages } from '../../lib/i18n.js';

export const accountMessages = defineMessages({
  registered: {
    fr: 'Inscription réussie ! Veuillez consulter votre e-mail pour confirmer votre compte avant de vous connecter.',
    en: 'Registration successful! Please check your email to confirm your account before logging in.',
    ar: 'تم التسجيل بنجاح! يرجى التحقق من بريدك الإلكتروني لتأكيد حسابك قبل تسجيل الدخول.',
  },
  emailTaken: {
    fr: 'Un compte existe déjà avec cette adresse e-mail.',
    en: 'An account with this email address already exists.',
    ar: 'يوجد حساب مسجل بعنوان البريد الإلكتروني هذا بالفعل.',
  },
  emailConfirmed: {
    fr: 'Votre adresse e-mail est confirmée. Vous pouvez maintenant vous connecter.',
    en: 'Your email address is confirmed. You can now log in.',
    ar: 'تم تأكيد بريدك الإلكتروني. يمكنك الآن تسجيل الدخول.',
  },
  confirmationExpired: {
    fr: 'Ce lien de confirmation a expiré. Veuillez en demander un nouveau.',
    en: 'This confirmation link has expired. Please request a new one.',
    ar: 'انتهت صلاحية رابط التأكيد هذا. يرجى طلب رابط جديد.',
  },
  confirmationInvalid: {
    fr: 'Lien de confirmation invalide.',
    en: 'Invalid confirmation link.',
    ar: 'رابط التأكيد غير صالح.',
  },
  confirmationResent: {
    fr: 'E-mail de confirmation envoyé ! Veuillez consulter votre boîte de réception.',
    en: 'Confirmation email sent successfully! Please check your inbox.',
    ar: 'تم إرسال رسالة التأكيد بنجاح! يرجى التحقق من بريدك الوارد.',
  },
  loggedIn: {
    fr: 'Connexion réussie.',
    en: 'Logged in successfully.',
    ar: 'تم تسجيل الدخول بنجاح.',
  },
  loggedOut: {
    fr: 'Vous êtes déconnecté.',
    en: 'Logged out successfully.',
    ar: 'تم تسجيل الخروج بنجاح.',
  },
  invalidCredentials: {
    fr: 'E-mail ou mot de passe invalide. Veuillez réessayer.',
    en: 'Invalid email or password. Please try again.',
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة. يرجى المحاولة مرة أخرى.',
  },
  unverified: {
    fr: 'Veuillez vérifier votre adresse e-mail avant de vous connecter. Consultez votre boîte de réception pour trouver le lien de confirmation.',
    en: 'Please verify your email address before logging in. Check your inbox for a confirmation link.',
    ar: 'يرجى تأكيد بريدك الإلكتروني قبل تسجيل الدخول. تحقق من بريدك الوارد للعثور على رابط التأكيد.',
  },
  loginThrottled: {
    fr: 'Trop de tentatives échouées depuis votre connexion pour ce compte. Patientez un peu avant de réessayer, ou réinitialisez votre mot de passe.',
    en: 'Too many failed attempts from your connection for this account. Please wait a little before trying again, or reset your password.',
    ar: 'محاولات فاشلة كثيرة من اتصالك لهذا الحساب. يرجى الانتظار قليلًا قبل المحاولة مرة أخرى، أو إعادة تعيين كلمة المرور.',
  },
  twoFactorCodesThrottled: {
    fr: 'Trop de codes erronés ont été saisis pour ce compte, depuis d’autres connexions. Réessayez dans {minutes} min, ou depuis un appareil où vous vous êtes déjà connecté avec votre code.',
    en: 'Too many wrong codes have been entered for this account, from other connections. Try again in {minutes} min, or from a device where you have signed in with your code before.',
    ar: 'أُدخلت رموز خاطئة كثيرة لهذا الحساب من اتصالات أخرى. حاول مرة أخرى بعد {minutes} دقيقة، أو من جهاز سبق أن سجّلت الدخول منه برمزك.',
  },
  twoFactorNeeded: {
    fr: 'Saisissez le code de votre application d’authentification.',
    en: 'Enter the code from your authenticator app.',
    ar: 'أدخل الرمز من تطبيق المصادقة.',
  },
  twoFactorCodeWrong: {
    fr: 'Ce code n’est pas valide. Vérifiez l’heure de votre téléphone et réessayez.',
    en: 'This code is not valid. Check your phone’s clock and try again.',
    ar: 'هذا الرمز غير صالح. تحقق من ساعة هاتفك وحاول مرة أخرى.',
  },
  twoFactorCodeUsed: {
    fr: 'Ce code a déjà servi. Attendez le code suivant de votre application (il change toutes les 30 secondes).',
    en: 'This code has already been used. Wait for the next code in your app (it changes every 30 seconds).',
    ar: 'سبق استخدام هذا الرمز. انتظر الرمز التالي في تطبيقك (يتغير كل 30 ثانية).',
  },
  twoFactorRecoveryWrong: {
    fr: 'Ce code de secours n’est pas valide ou a déjà servi.',
    en: 'This recovery code is not valid or has already been used.',
    ar: 'رمز الاسترداد هذا غير صالح أو سبق استخدامه.',
  },
  twoFactorExpired: {
    fr: 'Cette étape de connexion a expiré. Saisissez à nouveau votre e-mail et votre mot de passe.',
    en: 'This sign-in step has expired. Please enter your email and password again.',
    ar: 'انتهت صلاحية خطوة تسجيل الدخول هذه. يرجى إدخال بريدك الإلكتروني وكلمة المرور مرة أخرى.',
  },
  twoFactorSetupStarted: {
    fr: 'Scannez le QR code avec votre application, puis saisissez le code affiché.',
    en: 'Scan the QR code with your app, then enter the code it shows.',
    ar: 'امسح رمز QR بتطبيقك، ثم أدخل الرمز الذي يظهره.',
  },
  twoFactorEnabled: {
    fr: 'La double authentification est activée. Gardez vos codes de secours en lieu sûr.',
    en: 'Two-factor authentication is on. Keep your recovery codes somewhere safe.',
    ar: 'تم تفعيل المصادقة الثنائية. احتفظ برموز الاسترداد في مكان آمن.',
  },
  twoFactorDisabled: {
    fr: 'La double authentification est désactivée.',
    en: 'Two-factor authentication is off.',
    ar: 'تم إيقاف المصادقة الثنائية.',
  },
  twoFactorAlreadyOn: {
    fr: 'La double authentification est déjà activée.',
    en: 'Two-factor authentication is already on.',
    ar: 'المصادقة الثنائية مفعّلة بالفعل.',
  },
  twoFactorNotStarted: {
    fr: 'Commencez par afficher le QR code.',
    en: 'Start by showing the QR code.',
    ar: 'ابدأ بعرض رمز QR.',
  },
  twoFactorNotOn: {
    fr: 'La double authentification n’est pas activée.',
    en: 'Two-factor authentication is not on.',
    ar: 'المصادقة الثنائية غير مفعّلة.',
  },
  twoFactorRequiredForSuperAdmin: {
    fr: 'Un super administrateur ne peut pas désactiver sa double authentification. Un autre super administrateur peut la réinitialiser.',
    en: 'A super admin cannot turn off two-factor authentication. Another super admin can reset it.',
    ar: 'لا يمكن للمشرف العام إيقاف المصادقة الثنائية. يمكن لمشرف عام آخر إعادة تعيينها.',
  },
  profileUpdated: {
    fr: 'Informations mises à jour avec succès !',
    en: 'Information updated successfully!',
    ar: 'تم تحديث المعلومات بنجاح!',
  },
  passwordChanged: {
    fr: 'Mot de passe modifié avec succès !',
    en: 'Password changed successfully!',
    ar: 'تم تغيير كلمة المرور بنجاح!',
  },
  currentPasswordWrong: {
    fr: 'Le mot de passe actuel est incorrect.',
    en: 'The current password is incorrect.',
    ar: 'كلمة المرور الحالية غير صحيحة.',
  },
  newPasswordMin: {
    fr: 'Le nouveau mot de passe doit contenir au moins 6 caractères.',
    en: 'New password must be at least 6 characters long.',
    ar: 'يجب أن تتكون كلمة المرور الجديدة من 6 أحرف على الأقل.',
  },
  newPasswordsMismatch: {
    fr: 'Les nouveaux mots de passe ne correspondent pas.',
    en: 'New passwords do not match.',
    ar: 'كلمتا المرور الجديدتان غير متطابقتين.',
  },
  newPasswordSame: {
    fr: 'Le nouveau mot de passe doit être différent du mot de passe actuel.',
    en: 'New password must be different from your current password.',
    ar: 'يجب أن تختلف كلمة المرور الجديدة عن كلمة المرور الحالية.',
  },
  emailNotFound: {
    fr: 'Adresse e-mail introuvable. Veuillez vérifier votre e-mail ou créer un nouveau compte.',
    en: 'Email address not found. Please check your email or sign up for a new account.',
    ar: 'عنوان البريد الإلكتروني غير موجود. يرجى التحقق من بريدك الإلكتروني أو إنشاء حساب جديد.',
  },
  resetSent: {
    fr: 'Les instructions de réinitialisation du mot de passe ont été envoyées à votre adresse e-mail.',
    en: 'Password reset instructions have been sent to your email address.',
    ar: 'تم إرسال تعليمات إعادة تعيين كلمة المرور إلى بريدك الإلكتروني.',
  },
  resetDone: {
    fr: 'Mot de passe réinitialisé avec succès ! Vous pouvez maintenant vous connecter avec votre nouveau mot de passe.',
    en: 'Password reset successfully! You can now log in with your new password.',
    ar: 'تمت إعادة تعيين كلمة المرور بنجاح! يمكنك الآن تسجيل الدخول بكلمة المرور الجديدة.',
  },
  resetInvalid: {
    fr: 'Lien invalide ou expiré.',
    en: 'Invalid or expired link.',
    ar: 'الرابط غير صالح أو منتهي الصلاحية.',
  },
  resetExpired: {
    fr: 'Ce lien a expiré.',
    en: 'This link has expired.',
    ar: 'انتهت صلاحية هذا الرابط.',
  },
  mailFailed: {
    fr: 'L’e-mail n’a pas pu être envoyé. Veuillez réessayer dans quelques minutes.',
    en: 'The email could not be sent. Please try again in a few minutes.',
    ar: 'تعذر إرسال البريد الإلكتروني. يرجى المحاولة بعد بضع دقائق.',
  },
  emailChangeSent: {
    fr: 'Un lien de confirmation a été envoyé à {email}. Votre adresse changera quand vous l’aurez ouvert ; d’ici là, l’adresse actuelle reste valable.',
    en: 'A confirmation link has been sent to {email}. Your address changes once you open it; until then, your current address stays in force.',
    ar: 'تم إرسال رابط تأكيد إلى {email}. سيتغير عنوانك بمجرد فتحه؛ وحتى ذلك الحين يبقى عنوانك الحالي ساريًا.',
  },
  emailSame: {
    fr: 'C’est déjà votre adresse e-mail.',
    en: 'This is already your email address.',
    ar: 'هذا هو عنوان بريدك الإلكتروني بالفعل.',
  },
  emailChangeNeedsConfirmation: {
    fr: 'Pour changer d’adresse e-mail, utilisez « Changer d’e-mail » : votre mot de passe et une confirmation sont nécessaires.',
    en: 'To change your email address, use “Change email”: it needs your password and a confirmation.',
    ar: 'لتغيير بريدك الإلكتروني، استخدم «تغيير البريد الإلكتروني»: يتطلب ذلك كلمة المرور وتأكيدًا.',
  },
  emailChangeConfirmed: {
    fr: 'Votre nouvelle adresse e-mail est confirmée. Utilisez-la désormais pour vous connecter.',
    en: 'Your new email address is confirmed. Use it to log in from now on.',
    ar: 'تم تأكيد عنوان بريدك الإلكتروني الجديد. استخدمه من الآن لتسجيل الدخول.',
  },
  emailChangeInvalid: {
    fr: 'Ce lien de changement d’adresse est invalide ou a déjà servi.',
    en: 'This email change link is invalid or was already used.',
    ar: 'رابط تغيير البريد الإلكتروني هذا غير صالح أو سبق استخدامه.',
  },
  emailChangeExpired: {
    fr: 'Ce lien a expiré. Demandez à nouveau le changement depuis votre profil.',
    en: 'This link has expired. Ask for the change again from your profile.',
    ar: 'انتهت صلاحية هذا الرابط. اطلب التغيير مرة أخرى من ملفك الشخصي.',
  },
  emailChangeTaken: {
    fr: 'Cette adresse est désormais utilisée par un autre compte. Votre adresse e-mail n’a pas été changée.',
    en: 'This address is now used by another account. Your email address was not changed.',
    ar: 'هذا العنوان يستخدمه الآن حساب آخر. لم يتم تغيير بريدك الإلكتروني.',
  },
  emailChangeCancelled: {
    fr: 'Le changement d’adresse e-mail est annulé.',
    en: 'The email change is cancelled.',
    ar: 'تم إلغاء تغيير البريد الإلكتروني.',
  },
});

/** Texts of the e-mails (subject, title, paragraphs, button), with `{name}` placeholders. */
export const mailMessages = defineMessages({
  confirmSubject: {
    fr: 'Confirmez votre adresse e-mail – Flora Maroc',
    en: 'Confirm your email address – Flora Maroc',
    ar: 'أكّد عنوان بريدك الإلكتروني – Flora Maroc',
  },
  confirmTitle: { fr: 'Bienvenue, {name} !', en: 'Welcome, {name}!', ar: 'مرحبًا بك، {name}!' },
  confirmIntro: {
    fr: 'Merci d’avoir créé votre compte Flora Maroc. Pour l’activer, confirmez votre adresse e-mail en cliquant sur le bouton ci-dessous.',
    en: 'Thank you for creating your Flora Maroc account. To activate it, please confirm your email address with the button below.',
    ar: 'شكرًا لإنشاء حسابك في Flora Maroc. لتفعيله، يرجى تأكيد عنوان بريدك الإلكتروني عبر الزر أدناه.',
  },
  confirmValidity: {
    fr: 'Ce lien est valable 24 heures et ne peut servir qu’une fois.',
    en: 'This link is valid for 24 hours and can be used only once.',
    ar: 'هذا الرابط صالح لمدة 24 ساعة ويمكن استخدامه مرة واحدة فقط.',
  },
  confirmButton: { fr: 'Confirmer mon adresse', en: 'Confirm my email', ar: 'تأكيد بريدي الإلكتروني' },
  confirmIgnore: {
    fr: 'Si vous n’avez pas créé de compte, ignorez simplement cet e-mail.',
    en: 'If you did not create an account, you can simply ignore this email.',
    ar: 'إذا لم تقم بإنشاء حساب، يمكنك تجاهل هذه الرسالة.',
  },
  resetSubject: {
    fr: 'Réinitialisation de votre mot de passe – Flora Maroc',
    en: 'Reset your password – Flora Maroc',
    ar: 'إعادة تعيين كلمة المرور – Flora Maroc',
  },
  resetTitle: { fr: 'Bonjour {name},', en: 'Hello {name},', ar: 'مرحبًا {name}،' },
  resetIntro: {
    fr: 'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte. Choisissez un nouveau mot de passe avec le bouton ci-dessous.',
    en: 'We received a request to reset the password of your account. Choose a new password with the button below.',
    ar: 'تلقينا طلبًا لإعادة تعيين كلمة مرور حسابك. اختر كلمة مرور جديدة عبر الزر أدناه.',
  },
  resetValidity: {
    fr: 'Ce lien est valable 1 heure et ne peut servir qu’une fois.',
    en: 'This link is valid for 1 hour and can be used only once.',
    ar: 'هذا الرابط صالح لمدة ساعة واحدة ويمكن استخدامه مرة واحدة فقط.',
  },
  resetButton: { fr: 'Choisir un nouveau mot de passe', en: 'Choose a new password', ar: 'اختيار كلمة مرور جديدة' },
  resetIgnore: {
    fr: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : votre mot de passe reste inchangé.',
    en: 'If you did not ask for this, ignore this email: your password stays unchanged.',
    ar: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: ستبقى كلمة المرور دون تغيير.',
  },
  changeSubject: {
    fr: 'Confirmez votre nouvelle adresse e-mail – Flora Maroc',
    en: 'Confirm your new email address – Flora Maroc',
    ar: 'أكّد عنوان بريدك الإلكتروني الجديد – Flora Maroc',
  },
  changeIntro: {
    fr: 'Vous avez demandé à utiliser cette adresse pour votre compte Flora Maroc. Confirmez-la avec le bouton ci-dessous ; d’ici là, votre adresse actuelle reste valable.',
    en: 'You asked to use this address for your Flora Maroc account. Confirm it with the button below; until then, your current address stays in force.',
    ar: 'طلبت استخدام هذا العنوان لحسابك في Flora Maroc. أكّده عبر الزر أدناه؛ وحتى ذلك الحين يبقى عنوانك الحالي ساريًا.',
  },
  changeButton: { fr: 'Confirmer ma nouvelle adresse', en: 'Confirm my new address', ar: 'تأكيد عنواني الجديد' },
  changeIgnore: {
    fr: 'Si vous n’êtes pas à l’origine de cette demande, ignorez cet e-mail : rien ne change.',
    en: 'If you did not ask for this, ignore this email: nothing changes.',
    ar: 'إذا لم تطلب ذلك، تجاهل هذه الرسالة: لن يتغير شيء.',
  },
  changeNoticeSubject: {
    fr: 'Votre adresse e-mail est en cours de changement – Flora Maroc',
    en: 'Your email address is being changed – Flora Maroc',
    ar: 'جارٍ تغيير عنوان بريدك الإلكتروني – Flora Maroc',
  },
  changeNoticeBody: {
    fr: 'Une demande a été faite, avec votre mot de passe, pour remplacer l’adresse e-mail de votre compte Flora Maroc par {email}. Le changement n’aura lieu que lorsque le lien envoyé à cette adresse sera ouvert.',
    en: 'A request was made, with your password, to change the email address of your Flora Maroc account to {email}. The change happens only once the link sent to that address is opened.',
    ar: 'تم تقديم طلب، باستخدام كلمة مرورك، لتغيير عنوان البريد الإلكتروني لحسابك في Flora Maroc إلى {email}. لن يتم التغيير إلا بعد فتح الرابط المرسل إلى ذلك العنوان.',
  },
  burstSubject: {
    fr: 'Tentatives de connexion à votre compte – Flora Maroc',
    en: 'Sign-in attempts on your account – Flora Maroc',
    ar: 'محاولات تسجيل الدخول إلى حسابك – Flora Maroc',
  },
  burstBody: {
    fr: 'Plusieurs tentatives de connexion à votre compte Flora Maroc ont échoué, avec un mauvais mot de passe. Votre compte n’est pas bloqué : vous pouvez toujours vous connecter normalement, et les connexions qui échouent sont ralenties.',
    en: 'Several sign-in attempts on your Flora Maroc account failed with a wrong password. Your account is not locked: you can still sign in as usual, and the failing attempts are slowed down.',
    ar: 'فشلت عدة محاولات لتسجيل الدخول إلى حسابك في Flora Maroc بكلمة مرور خاطئة. حسابك غير مقفل: يمكنك تسجيل الدخول كالمعتاد، ويتم إبطاء المحاولات الفاشلة.',
  },
  burstHelp: {
    fr: 'Si ce n’était pas vous et que votre mot de passe est simple ou utilisé ailleurs, changez-le.',
    en: 'If this wasn’t you and your password is simple or used elsewhere, change it.',
    ar: 'إذا لم تكن أنت وكانت كلمة مرورك بسيطة أو مستخدمة في مكان آخر، فغيّرها.',
  },
  changeNoticeHelp: {
    fr: 'Si ce n’était pas vous, changez votre mot de passe sans attendre : cela annule le changement d’adresse.',
    en: 'If this wasn’t you, change your password right away: that cancels the address change.',
    ar: 'إذا لم تكن أنت، غيّر كلمة المرور فورًا: سيؤدي ذلك إلى إلغاء تغيير العنوان.',
  },
});
