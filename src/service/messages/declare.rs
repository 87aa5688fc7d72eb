//! The `messages!` macro every catalog file declares its messages with.

/// Declares catalog messages, one line each:
/// `/// doc` then `pub fn name(l, arg: Type, other as "fluent-name": Type) = "key";`.
/// Each line becomes a function formatting the Fluent message `key` in the
/// locale `l` with the arguments named after the parameters (or the `as`
/// names); a parameter without a type takes anything that becomes an
/// [`crate::i18n::Arg`] (the form of the private messages a hand-written
/// wrapper words). The block also yields `MESSAGES`, the keys and argument
/// names it declares, which [`contract`] gathers for the catalog test: a
/// message is declared once, here, and once per language in the `.ftl`
/// files.
macro_rules! messages {
    ($(
        $(#[$meta:meta])*
        $vis:vis fn $name:ident($l:ident $(, $arg:ident $(as $fluent:literal)? $(: $ty:ty)?)* $(,)?) = $key:literal;
    )*) => {
        $(
            $(#[$meta])*
            #[must_use]
            #[allow(
                clippy::extra_unused_lifetimes,
                clippy::needless_lifetimes,
                clippy::too_many_arguments
            )]
            $vis fn $name<'a>($l: $crate::i18n::Locale $(, $arg: $crate::service::messages::declare::messages!(@type 'a $($ty)?))*) -> String {
                $crate::i18n::tr($l, $key, &[$(($crate::service::messages::declare::messages!(@name $arg $($fluent)?), $arg.into())),*])
            }
        )*

        /// The messages this file declares: key and argument names.
        pub(crate) const MESSAGES: &[(&str, &[&str])] =
            &[$(($key, &[$($crate::service::messages::declare::messages!(@name $arg $($fluent)?)),*])),*];
    };
    (@name $arg:ident $fluent:literal) => { $fluent };
    (@name $arg:ident) => { stringify!($arg) };
    (@type $lt:lifetime $ty:ty) => { $ty };
    (@type $lt:lifetime) => { impl Into<$crate::i18n::Arg<$lt>> };
}

pub(crate) use messages;
