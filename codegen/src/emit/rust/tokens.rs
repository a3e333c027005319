//! The emitter's way of nesting the parts it builds with `quote!`.

use proc_macro2::TokenStream;
use quote::ToTokens;

/// Tokens that the function it holds writes straight into the stream they
/// are interpolated in. A `TokenStream` interpolated by `quote!` is copied token by token
/// (proc-macro2 clones a shared stream), once for each level it is nested in.
pub struct Tokens<F>(pub F);

impl<F: Fn(&mut TokenStream)> ToTokens for Tokens<F> {
    fn to_tokens(&self, out: &mut TokenStream) {
        (self.0)(out);
    }
}

/// Each of `items` moved into the stream it is interpolated in, where
/// `#(#items)*` would copy each (every ident and literal allocated again).
pub fn each<I>(items: I) -> Tokens<impl Fn(&mut TokenStream)>
where
    I: IntoIterator<Item = TokenStream> + Clone,
{
    Tokens(move |out: &mut TokenStream| out.extend(items.clone()))
}

/// [`each`] with a comma between two, as `#(#items),*` writes them.
pub fn comma_separated<I>(items: I) -> Tokens<impl Fn(&mut TokenStream)>
where
    I: IntoIterator<Item = TokenStream> + Clone,
{
    Tokens(move |out: &mut TokenStream| {
        for (i, item) in items.clone().into_iter().enumerate() {
            if i > 0 {
                out.extend(quote::quote!(,));
            }
            out.extend(item);
        }
    })
}
